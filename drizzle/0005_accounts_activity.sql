CREATE TABLE `activity_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`actor` text NOT NULL,
	`kind` text NOT NULL,
	`action` text NOT NULL,
	`target` text DEFAULT '' NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`address` text
);
--> statement-breakpoint
CREATE INDEX `activity_log_at_idx` ON `activity_log` (`at`);--> statement-breakpoint
CREATE INDEX `activity_log_actor_at_idx` ON `activity_log` (`actor`,`at`);--> statement-breakpoint
CREATE INDEX `activity_log_kind_at_idx` ON `activity_log` (`kind`,`at`);--> statement-breakpoint
ALTER TABLE `admin_users` ADD `role` text DEFAULT 'admin' NOT NULL;