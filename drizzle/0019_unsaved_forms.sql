CREATE TABLE `unsaved_forms` (
	`id` text PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`path` text NOT NULL,
	`fields` text NOT NULL,
	`reason` text DEFAULT 'signed-out' NOT NULL,
	`had_file` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `unsaved_forms_created_idx` ON `unsaved_forms` (`created_at`);