CREATE TABLE `event_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`kind` text NOT NULL,
	`label` text NOT NULL,
	`choices` text,
	`required` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`removed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `churchevents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `event_questions_event_idx` ON `event_questions` (`event_id`,`position`);--> statement-breakpoint
CREATE TABLE `registration_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`registration_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`label` text NOT NULL,
	`value` text NOT NULL,
	`association_id` integer,
	FOREIGN KEY (`registration_id`) REFERENCES `event_registrations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `registration_answers_registration_question_idx` ON `registration_answers` (`registration_id`,`question_id`);--> statement-breakpoint
CREATE INDEX `registration_answers_event_question_idx` ON `registration_answers` (`event_id`,`question_id`);--> statement-breakpoint
CREATE TABLE `registration_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`leader_name` text NOT NULL,
	`leader_phone` text NOT NULL,
	`leader_email` text,
	`mode` text NOT NULL,
	`token` text NOT NULL,
	`cancelled_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `churchevents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `registration_groups_token_idx` ON `registration_groups` (`token`);--> statement-breakpoint
CREATE INDEX `registration_groups_event_idx` ON `registration_groups` (`event_id`);--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `group_id` integer;