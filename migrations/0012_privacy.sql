CREATE TABLE `__new_find_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`find_id` text NOT NULL,
	`stone_id` text NOT NULL,
	`reason` text NOT NULL,
	`note` text,
	`client_hash` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`resolved_at` integer,
	`resolution` text,
	`resolved_by` text,
	FOREIGN KEY (`find_id`) REFERENCES `finds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stone_id`) REFERENCES `stones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_find_reports`("id", "find_id", "stone_id", "reason", "note", "client_hash", "created_at", "resolved_at", "resolution", "resolved_by") SELECT "id", "find_id", "stone_id", "reason", "note", "client_hash", "created_at", "resolved_at", "resolution", "resolved_by" FROM `find_reports`;--> statement-breakpoint
DROP TABLE `find_reports`;--> statement-breakpoint
ALTER TABLE `__new_find_reports` RENAME TO `find_reports`;--> statement-breakpoint
CREATE UNIQUE INDEX `find_reports_find_client_unique` ON `find_reports` (`find_id`,`client_hash`);--> statement-breakpoint
CREATE INDEX `find_reports_open_idx` ON `find_reports` (`created_at`) WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE INDEX `find_reports_find_idx` ON `find_reports` (`find_id`);--> statement-breakpoint
ALTER TABLE `collection_owner_tokens` ADD `expires_at` integer;--> statement-breakpoint
CREATE INDEX `collection_owner_tokens_expires_idx` ON `collection_owner_tokens` (`expires_at`) WHERE expires_at IS NOT NULL;--> statement-breakpoint
ALTER TABLE `collections` ADD `cards_valid_from` integer;--> statement-breakpoint
ALTER TABLE `owner_tokens` ADD `expires_at` integer;--> statement-breakpoint
CREATE INDEX `owner_tokens_expires_idx` ON `owner_tokens` (`expires_at`) WHERE expires_at IS NOT NULL;--> statement-breakpoint
ALTER TABLE `finds` ADD `hidden_by` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `precision` text;--> statement-breakpoint
CREATE INDEX `finds_precision_unreviewed_idx` ON `finds` (`stone_id`) WHERE precision IS NULL;--> statement-breakpoint
ALTER TABLE `stones` ADD `cards_valid_from` integer;--> statement-breakpoint
CREATE INDEX `find_photos_pending_idx` ON `find_photos` (`created_at`) WHERE status = 'pending';--> statement-breakpoint
-- Backfills (decision record 028). Who hid a find: the operator where a report was resolved by hiding it, else its owner.
UPDATE `finds` SET `hidden_by` = CASE WHEN EXISTS (SELECT 1 FROM `find_reports` r WHERE r.`find_id` = `finds`.`id` AND r.`resolution` = 'hidden') THEN 'operator' ELSE 'owner' END WHERE `hidden` = 1;--> statement-breakpoint
-- The finder's precision was not stored: a position with more than two decimals was kept exactly; one with two or fewer is left NULL for the cron's review, which infers km or town from it and removes street, number and postcode from the place name.
UPDATE `finds` SET `precision` = 'exact' WHERE `latitude` IS NULL OR `longitude` IS NULL OR abs(`latitude` * 100 - round(`latitude` * 100)) > 0.000001 OR abs(`longitude` * 100 - round(`longitude` * 100)) > 0.000001;--> statement-breakpoint
-- Report client hashes were unsalted SHA-256: all of them go (new ones are keyed, lib/client-hash.ts).
UPDATE `find_reports` SET `client_hash` = NULL;--> statement-breakpoint
-- Owner links mailed later expire 30 days after they were made; a stone's first mailed link within a day of its creation (the creation mail's) stays until revoked. A memorial collection's stones have no creation mail of their own.
UPDATE `owner_tokens` SET `expires_at` = `created_at` + 2592000000 WHERE `token_hash` <> (SELECT o.`token_hash` FROM `owner_tokens` o WHERE o.`stone_id` = `owner_tokens`.`stone_id` ORDER BY o.`created_at`, o.`token_hash` LIMIT 1) OR NOT EXISTS (SELECT 1 FROM `stones` s WHERE s.`id` = `owner_tokens`.`stone_id` AND s.`collection_id` IS NULL AND `owner_tokens`.`created_at` <= s.`created_at` + 86400000);--> statement-breakpoint
UPDATE `collection_owner_tokens` SET `expires_at` = `created_at` + 2592000000 WHERE `token_hash` <> (SELECT o.`token_hash` FROM `collection_owner_tokens` o WHERE o.`collection_id` = `collection_owner_tokens`.`collection_id` ORDER BY o.`created_at`, o.`token_hash` LIMIT 1) OR NOT EXISTS (SELECT 1 FROM `collections` c WHERE c.`id` = `collection_owner_tokens`.`collection_id` AND `collection_owner_tokens`.`created_at` <= c.`created_at` + 86400000);--> statement-breakpoint
-- A finder's address was also kept on the find, where nothing read it: it lives only in the finder's subscription now.
UPDATE `finds` SET `finder_email` = NULL WHERE `finder_email` IS NOT NULL;
