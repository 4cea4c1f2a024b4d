CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_intent_id` text,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'eur' NOT NULL,
	`has_photos` integer NOT NULL,
	`has_story` integer NOT NULL,
	`creator_email` text NOT NULL,
	`title` text NOT NULL,
	`story` text,
	`locale` text NOT NULL,
	`owner_token_hash` text NOT NULL,
	`promotion_code_id` text,
	`stone_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_payment_intent_unique` ON `orders` (`payment_intent_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_owner_token_hash_unique` ON `orders` (`owner_token_hash`);--> statement-breakpoint
CREATE INDEX `orders_promotion_idx` ON `orders` (`promotion_code_id`,`stone_id`);