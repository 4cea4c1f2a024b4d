ALTER TABLE `orders` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `disputed_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `dispute_status` text;