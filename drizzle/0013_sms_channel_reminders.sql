CREATE TABLE `event_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`send_key` text NOT NULL,
	`event_id` integer NOT NULL,
	`audience` text NOT NULL,
	`channel` text NOT NULL,
	`body` text NOT NULL,
	`urgent` integer DEFAULT false NOT NULL,
	`sent_by` text NOT NULL,
	`recipients` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `churchevents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_messages_send_key_unique` ON `event_messages` (`send_key`);--> statement-breakpoint
CREATE INDEX `event_messages_event_idx` ON `event_messages` (`event_id`,`id`);--> statement-breakpoint
ALTER TABLE `churchevents` ADD `reminder` text DEFAULT 'day_before' NOT NULL;--> statement-breakpoint
ALTER TABLE `churchevents` ADD `reminder_sent_for` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `urgent` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `email_outbox_provider_message_idx` ON `email_outbox` (`provider_message_id`);--> statement-breakpoint
CREATE INDEX `email_outbox_kind_about_idx` ON `email_outbox` (`kind`,`about_id`);--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `sms_stopped_at` text;