CREATE TABLE `login_failures` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`window_start` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `site_totals` ADD `premium_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `site_totals` SET `premium_count` = (SELECT count(*) FROM `stones` WHERE `has_photos` = 1 OR `has_story` = 1);--> statement-breakpoint
CREATE INDEX `email_outbox_code_idx` ON `email_outbox` (json_extract(`payload`, '$.code'));--> statement-breakpoint
CREATE INDEX `stones_creator_email_idx` ON `stones` (`creator_email`);