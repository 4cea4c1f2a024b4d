CREATE TABLE `site_totals` (
	`id` integer PRIMARY KEY NOT NULL,
	`stone_count` integer DEFAULT 0 NOT NULL,
	`find_count` integer DEFAULT 0 NOT NULL,
	`total_distance_km` real DEFAULT 0 NOT NULL,
	`verified_at` integer
);
--> statement-breakpoint
-- The one row, counted from what exists when the migration runs; from then on every write keeps it current.
INSERT INTO `site_totals` (`id`, `stone_count`, `find_count`, `total_distance_km`, `verified_at`)
SELECT 1, (SELECT count(*) FROM `stones`), (SELECT count(*) FROM `finds`),
       (SELECT coalesce(sum(`total_distance_km`), 0) FROM `stones`), cast(unixepoch('subsec') * 1000 as integer);
