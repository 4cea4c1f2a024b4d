CREATE TABLE `find_photos` (
	`find_id` text PRIMARY KEY NOT NULL,
	`stone_id` text NOT NULL,
	`r2_key` text,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`find_id`) REFERENCES `finds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stone_id`) REFERENCES `stones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `find_photos_r2_key_unique` ON `find_photos` (`r2_key`);--> statement-breakpoint
CREATE INDEX `find_photos_stone_status_idx` ON `find_photos` (`stone_id`,`status`);--> statement-breakpoint
CREATE TABLE `find_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`find_id` text NOT NULL,
	`stone_id` text NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`client_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`resolved_at` integer,
	`resolution` text,
	`resolved_by` text,
	FOREIGN KEY (`find_id`) REFERENCES `finds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stone_id`) REFERENCES `stones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `find_reports_find_client_unique` ON `find_reports` (`find_id`,`client_hash`);--> statement-breakpoint
CREATE INDEX `find_reports_open_idx` ON `find_reports` (`created_at`) WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE INDEX `find_reports_find_idx` ON `find_reports` (`find_id`);--> statement-breakpoint
ALTER TABLE `collections` ADD `share_card` text;--> statement-breakpoint
ALTER TABLE `stones` ADD `share_card` text;