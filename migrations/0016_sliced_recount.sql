-- The daily recount of the site totals in slices (issue 32): each cron run counts the stones after `recount_after`
-- (a range of the primary key) and their finds (a range of finds_stone_seq_unique, less the hidden ones, counted
-- from the index below), adds them to the recount_* sums and moves `recount_after` to the last id it counted; after
-- the last slice the sums are compared with the kept totals (api/statistics/recount.ts).
-- Between slices, the stones already counted (id <= recount_after) change: these triggers change the sums with
-- them, as the writes change the totals, so the sums are at every moment those of the counted stones as they are
-- now. A stone not counted yet changes nothing here: its slice reads it as it is then. While no recount is under
-- way (`recount_after` null) the conditions are false and the triggers do nothing.
ALTER TABLE `site_totals` ADD `recount_after` text;--> statement-breakpoint
ALTER TABLE `site_totals` ADD `recount_stones` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `site_totals` ADD `recount_finds` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `site_totals` ADD `recount_km` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `site_totals` ADD `recount_premium` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `finds_hidden_stone_idx` ON `finds` (`stone_id`) WHERE hidden = 1;--> statement-breakpoint
CREATE TRIGGER `recount_stone_inserted` AFTER INSERT ON `stones`
WHEN NEW.`id` <= (SELECT `recount_after` FROM `site_totals` WHERE `id` = 1)
BEGIN
  UPDATE `site_totals` SET `recount_stones` = `recount_stones` + 1, `recount_km` = `recount_km` + NEW.`total_distance_km`,
    `recount_premium` = `recount_premium` + (NEW.`has_photos` OR NEW.`has_story`) WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `recount_stone_changed` AFTER UPDATE OF `total_distance_km`, `has_photos`, `has_story` ON `stones`
WHEN NEW.`id` <= (SELECT `recount_after` FROM `site_totals` WHERE `id` = 1)
BEGIN
  UPDATE `site_totals` SET `recount_km` = `recount_km` + NEW.`total_distance_km` - OLD.`total_distance_km`,
    `recount_premium` = `recount_premium` + (NEW.`has_photos` OR NEW.`has_story`) - (OLD.`has_photos` OR OLD.`has_story`) WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `recount_stone_deleted` AFTER DELETE ON `stones`
WHEN OLD.`id` <= (SELECT `recount_after` FROM `site_totals` WHERE `id` = 1)
BEGIN
  UPDATE `site_totals` SET `recount_stones` = `recount_stones` - 1, `recount_km` = `recount_km` - OLD.`total_distance_km`,
    `recount_premium` = `recount_premium` - (OLD.`has_photos` OR OLD.`has_story`) WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `recount_find_inserted` AFTER INSERT ON `finds`
WHEN NEW.`hidden` = 0 AND NEW.`stone_id` <= (SELECT `recount_after` FROM `site_totals` WHERE `id` = 1)
BEGIN
  UPDATE `site_totals` SET `recount_finds` = `recount_finds` + 1 WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `recount_find_changed` AFTER UPDATE OF `hidden` ON `finds`
WHEN NEW.`hidden` <> OLD.`hidden` AND NEW.`stone_id` <= (SELECT `recount_after` FROM `site_totals` WHERE `id` = 1)
BEGIN
  UPDATE `site_totals` SET `recount_finds` = `recount_finds` + OLD.`hidden` - NEW.`hidden` WHERE `id` = 1;
END;--> statement-breakpoint
CREATE TRIGGER `recount_find_deleted` AFTER DELETE ON `finds`
WHEN OLD.`hidden` = 0 AND OLD.`stone_id` <= (SELECT `recount_after` FROM `site_totals` WHERE `id` = 1)
BEGIN
  UPDATE `site_totals` SET `recount_finds` = `recount_finds` - 1 WHERE `id` = 1;
END;
