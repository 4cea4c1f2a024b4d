ALTER TABLE `collection_subscriptions` ADD `memorial_letter` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `collections` ADD `memorial_day` text;--> statement-breakpoint
ALTER TABLE `collections` ADD `memorial_letter` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `collections_memorial_day_idx` ON `collections` (`memorial_day`) WHERE memorial_day IS NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `memorial_letter` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `stones` ADD `memorial_day` text;--> statement-breakpoint
ALTER TABLE `stones` ADD `memorial_letter` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `stones_memorial_day_idx` ON `stones` (`memorial_day`) WHERE memorial_day IS NOT NULL;