CREATE TABLE `registration_bursts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`detected_at` text NOT NULL,
	`last_hour` integer NOT NULL,
	`previous_week` integer NOT NULL,
	`registration_id` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `churchevents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `registration_bursts_event_detected_idx` ON `registration_bursts` (`event_id`,`detected_at`);--> statement-breakpoint
CREATE INDEX `registration_bursts_detected_idx` ON `registration_bursts` (`detected_at`);--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `address_group` text;