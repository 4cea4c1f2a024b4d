CREATE TABLE `collection_owner_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`collection_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `collection_owner_tokens_collection_idx` ON `collection_owner_tokens` (`collection_id`);--> statement-breakpoint
CREATE TABLE `collection_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`collection_id` text NOT NULL,
	`email` text NOT NULL,
	`locale` text DEFAULT 'de' NOT NULL,
	`confirmed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collection_subscriptions_collection_email_unique` ON `collection_subscriptions` (`collection_id`,`email`);--> statement-breakpoint
CREATE INDEX `collection_subscriptions_unconfirmed_idx` ON `collection_subscriptions` (`confirmed_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `collections` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`dedication` text,
	`creator_email` text NOT NULL,
	`locale` text DEFAULT 'de' NOT NULL,
	`owner_token_hash` text NOT NULL,
	`stone_seq` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collections_owner_token_hash_unique` ON `collections` (`owner_token_hash`);--> statement-breakpoint
CREATE INDEX `collections_creator_email_idx` ON `collections` (`creator_email`);--> statement-breakpoint
CREATE INDEX `collections_created_at_idx` ON `collections` (`created_at`);--> statement-breakpoint
ALTER TABLE `finds` ADD `kept` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `finds` ADD `found_again_after_days` integer;--> statement-breakpoint
ALTER TABLE `finds` ADD `country_code` text;--> statement-breakpoint
ALTER TABLE `stones` ADD `collection_id` text REFERENCES collections(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `stones` ADD `status` text DEFAULT 'travelling' NOT NULL;--> statement-breakpoint
ALTER TABLE `stones` ADD `status_since` integer;--> statement-breakpoint
ALTER TABLE `stones` ADD `last_seen_at` integer;--> statement-breakpoint
CREATE INDEX `stones_collection_idx` ON `stones` (`collection_id`);--> statement-breakpoint
CREATE INDEX `stones_status_last_seen_idx` ON `stones` (`status`,`last_seen_at`);--> statement-breakpoint
-- Older stones: their status dates from their creation, and they were last seen at their newest counted find.
UPDATE `stones` SET `status_since` = `created_at`, `last_seen_at` = coalesce((SELECT max(f.`created_at`) FROM `finds` f WHERE f.`stone_id` = `stones`.`id` AND f.`hidden` = 0 AND (f.`flag` IS NULL OR f.`flag_accepted` = 1)), `created_at`);--> statement-breakpoint
-- At most 50 stones per collection, enforced by the database so no code path can exceed it.
CREATE TRIGGER `stones_collection_max_fifty` BEFORE INSERT ON `stones`
WHEN NEW.`collection_id` IS NOT NULL AND (SELECT count(*) FROM `stones` WHERE `collection_id` = NEW.`collection_id`) >= 50
BEGIN
  SELECT RAISE(ABORT, 'MAX_COLLECTION_STONES_EXCEEDED');
END;--> statement-breakpoint
CREATE TRIGGER `stones_collection_max_fifty_update` BEFORE UPDATE OF `collection_id` ON `stones`
WHEN NEW.`collection_id` IS NOT NULL AND NEW.`collection_id` IS NOT OLD.`collection_id` AND (SELECT count(*) FROM `stones` WHERE `collection_id` = NEW.`collection_id`) >= 50
BEGIN
  SELECT RAISE(ABORT, 'MAX_COLLECTION_STONES_EXCEEDED');
END;
