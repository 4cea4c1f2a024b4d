CREATE TABLE `letter_runs` (
	`letter` text NOT NULL,
	`day` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`letter`, `day`)
);
--> statement-breakpoint
ALTER TABLE `collection_subscriptions` ADD `frequency` text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE `collections` ADD `notify` text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `letter_id` text;--> statement-breakpoint
CREATE INDEX `email_outbox_held_idx` ON `email_outbox` (`recipient`,`created_at`) WHERE status = 'held';--> statement-breakpoint
CREATE INDEX `email_outbox_letter_idx` ON `email_outbox` (`letter_id`) WHERE letter_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `frequency` text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE `stones` ADD `notify` text DEFAULT 'instant' NOT NULL;