ALTER TABLE `finds` ADD `hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `upgrade_stone_id` text;--> statement-breakpoint
ALTER TABLE `stones` ADD `hidden_find_count` integer DEFAULT 0 NOT NULL;