ALTER TABLE `stones` ADD `goal_latitude` real;--> statement-breakpoint
ALTER TABLE `stones` ADD `goal_longitude` real;--> statement-breakpoint
ALTER TABLE `stones` ADD `goal_name` text;--> statement-breakpoint
ALTER TABLE `stones` ADD `goal_country` text;--> statement-breakpoint
ALTER TABLE `stones` ADD `goal_note` text;--> statement-breakpoint
ALTER TABLE `stones` ADD `goal_reached_at` integer;