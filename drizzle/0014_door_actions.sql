CREATE TABLE `door_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` integer NOT NULL,
	`kind` text NOT NULL,
	`registration_id` integer,
	`outcome` text NOT NULL,
	`done_at` text NOT NULL,
	`done_by` text NOT NULL,
	`received_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `churchevents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `door_actions_event_idx` ON `door_actions` (`event_id`);