CREATE TABLE `orphan_sightings` (
	`r2_key` text PRIMARY KEY NOT NULL,
	`first_seen_at` integer NOT NULL
);
