CREATE TABLE `mail_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`target_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_tokens_expires_idx` ON `mail_tokens` (`expires_at`);--> statement-breakpoint
CREATE INDEX `mail_tokens_target_idx` ON `mail_tokens` (`target_id`);--> statement-breakpoint
CREATE TABLE `owner_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`stone_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`stone_id`) REFERENCES `stones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `owner_tokens_stone_idx` ON `owner_tokens` (`stone_id`);--> statement-breakpoint
DROP INDEX `subscriptions_confirm_unique`;--> statement-breakpoint
DROP INDEX `subscriptions_unsubscribe_unique`;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `locale` text DEFAULT 'de' NOT NULL;--> statement-breakpoint
CREATE INDEX `subscriptions_unconfirmed_idx` ON `subscriptions` (`confirmed_at`,`created_at`);--> statement-breakpoint
ALTER TABLE `subscriptions` DROP COLUMN `confirm_token_hash`;--> statement-breakpoint
ALTER TABLE `subscriptions` DROP COLUMN `unsubscribe_token_hash`;--> statement-breakpoint
-- No mail was ever written to the old outbox (nothing sent mail yet): it is made anew in its new shape.
DROP TABLE `email_outbox`;--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`dedupe_key` text NOT NULL,
	`kind` text NOT NULL,
	`recipient` text NOT NULL,
	`locale` text NOT NULL,
	`payload` text NOT NULL,
	`subject` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`queued_at` integer,
	`claimed_at` integer,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe_unique` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `email_outbox_status_idx` ON `email_outbox` (`status`,`queued_at`);--> statement-breakpoint
ALTER TABLE `stones` ADD `locale` text DEFAULT 'de' NOT NULL;--> statement-breakpoint
ALTER TABLE `stones` ADD `notify_on_find` integer DEFAULT true NOT NULL;