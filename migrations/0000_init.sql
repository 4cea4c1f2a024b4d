CREATE TABLE `blog_posts` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`excerpt` text NOT NULL,
	`content` text NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`featured_image` text,
	`author_email` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_published_idx` ON `blog_posts` (`published`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`dedupe_key` text NOT NULL,
	`kind` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`body_text` text NOT NULL,
	`body_html` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`queued_at` integer,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe_unique` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `email_outbox_status_idx` ON `email_outbox` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `finds` (
	`id` text PRIMARY KEY NOT NULL,
	`stone_id` text NOT NULL,
	`seq` integer NOT NULL,
	`location` text NOT NULL,
	`latitude` real,
	`longitude` real,
	`comment` text DEFAULT '' NOT NULL,
	`finder_email` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`stone_id`) REFERENCES `stones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `finds_stone_seq_unique` ON `finds` (`stone_id`,`seq`);--> statement-breakpoint
CREATE TABLE `operators` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `operators_email_unique` ON `operators` (`email`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `photos` (
	`id` text PRIMARY KEY NOT NULL,
	`stone_id` text NOT NULL,
	`r2_key` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`stone_id`) REFERENCES `stones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `photos_r2_key_unique` ON `photos` (`r2_key`);--> statement-breakpoint
CREATE INDEX `photos_stone_idx` ON `photos` (`stone_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `stones` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`title` text NOT NULL,
	`story` text,
	`creator_email` text NOT NULL,
	`has_photos` integer DEFAULT false NOT NULL,
	`has_story` integer DEFAULT false NOT NULL,
	`is_paid` integer DEFAULT false NOT NULL,
	`payment_intent_id` text,
	`owner_token_hash` text NOT NULL,
	`find_seq` integer DEFAULT 0 NOT NULL,
	`total_distance_km` real DEFAULT 0 NOT NULL,
	`last_latitude` real,
	`last_longitude` real,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stones_code_unique` ON `stones` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `stones_owner_token_hash_unique` ON `stones` (`owner_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `stones_payment_intent_unique` ON `stones` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `stones_created_at_idx` ON `stones` (`created_at`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`stone_id` text NOT NULL,
	`email` text NOT NULL,
	`confirm_token_hash` text,
	`unsubscribe_token_hash` text,
	`confirmed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`stone_id`) REFERENCES `stones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_stone_email_unique` ON `subscriptions` (`stone_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_confirm_unique` ON `subscriptions` (`confirm_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_unsubscribe_unique` ON `subscriptions` (`unsubscribe_token_hash`);