CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`stone_id` text,
	`collection_id` text,
	`target` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`locale` text DEFAULT 'de' NOT NULL,
	`frequency` text DEFAULT 'instant' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`stone_id`) REFERENCES `stones`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_target_unique` ON `push_subscriptions` (`endpoint`,`target`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_stone_idx` ON `push_subscriptions` (`stone_id`) WHERE stone_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `push_subscriptions_collection_idx` ON `push_subscriptions` (`collection_id`) WHERE collection_id IS NOT NULL;