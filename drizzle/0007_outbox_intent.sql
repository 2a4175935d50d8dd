-- The outbox stores intent (kind, channel, recipient, about_id, about) and the text is rendered when
-- it is sent: the rendered columns become nullable. Rows written before keep their text and are
-- sent as stored. (drizzle-kit wrote the copy selecting the new columns from the old table; they
-- take their defaults instead.)
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`channel` text DEFAULT 'email' NOT NULL,
	`recipient` text NOT NULL,
	`about_id` integer,
	`about` text,
	`from_name` text,
	`subject` text,
	`body_text` text,
	`body_html` text,
	`reply_to` text,
	`headers` text,
	`attachments` text,
	`newsletter_id` integer,
	`unsubscribe_url` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
	`claimed_at` text,
	`sent_at` text,
	`provider_message_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`newsletter_id`) REFERENCES `newsletters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_email_outbox`("id", "kind", "channel", "recipient", "about_id", "about", "from_name", "subject", "body_text", "body_html", "reply_to", "headers", "attachments", "newsletter_id", "unsubscribe_url", "status", "attempts", "last_error", "next_attempt_at", "claimed_at", "sent_at", "provider_message_id", "created_at", "updated_at") SELECT "id", "kind", 'email', "recipient", NULL, NULL, "from_name", "subject", "body_text", "body_html", "reply_to", "headers", "attachments", "newsletter_id", "unsubscribe_url", "status", "attempts", "last_error", "next_attempt_at", "claimed_at", "sent_at", "provider_message_id", "created_at", "updated_at" FROM `email_outbox`;--> statement-breakpoint
DROP TABLE `email_outbox`;--> statement-breakpoint
ALTER TABLE `__new_email_outbox` RENAME TO `email_outbox`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `email_outbox_status_next_idx` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_newsletter_status_idx` ON `email_outbox` (`newsletter_id`,`status`);