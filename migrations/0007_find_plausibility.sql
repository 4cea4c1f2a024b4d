ALTER TABLE `finds` ADD `client_key` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `client_hash` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `flag` text;--> statement-breakpoint
ALTER TABLE `finds` ADD `flag_accepted` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `finds_stone_client_key_unique` ON `finds` (`stone_id`,`client_key`);--> statement-breakpoint
CREATE INDEX `finds_client_hash_idx` ON `finds` (`client_hash`,`created_at`) WHERE client_hash IS NOT NULL;--> statement-breakpoint
ALTER TABLE `stones` ADD `last_position_at` integer;--> statement-breakpoint
-- The speed check of the next find measures from the time of the last counted position.
UPDATE `stones` SET `last_position_at` = (
  SELECT `created_at` FROM `finds` f
  WHERE f.`stone_id` = `stones`.`id` AND f.`hidden` = 0 AND f.`latitude` IS NOT NULL AND f.`longitude` IS NOT NULL
    AND NOT (f.`latitude` = 0 AND f.`longitude` = 0)
  ORDER BY f.`seq` DESC LIMIT 1
) WHERE `last_latitude` IS NOT NULL;
