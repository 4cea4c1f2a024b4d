-- Share cards coalesce (issue 32, decision record 025): the moment up to which every change is on the current card.
-- A render asked for before it is skipped. Added, nullable: the previous version never reads it.
ALTER TABLE `collections` ADD `card_read_at` integer;--> statement-breakpoint
ALTER TABLE `stones` ADD `card_read_at` integer;