-- A contact message may come with a phone number instead of an e-mail address (a visitor without
-- e-mail): the e-mail becomes nullable and the phone a new column. (drizzle-kit wrote the copy
-- selecting the new column from the old table, where SQLite reads "phone_number" as a string; the
-- copy leaves it out, so messages written before have none.)
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`full_name` text NOT NULL,
	`email` text,
	`phone_number` text,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`read_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_contact_messages`("id", "full_name", "email", "subject", "message", "read_at", "created_at") SELECT "id", "full_name", "email", "subject", "message", "read_at", "created_at" FROM `contact_messages`;--> statement-breakpoint
DROP TABLE `contact_messages`;--> statement-breakpoint
ALTER TABLE `__new_contact_messages` RENAME TO `contact_messages`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);