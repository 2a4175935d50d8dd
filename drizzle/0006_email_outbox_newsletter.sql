-- E-mail outbox, newsletters, double opt-in, and each event's registration notifications to staff
-- (issue 16). Written by drizzle-kit, then the data migration added by hand: everyone who
-- subscribed before double opt-in counts as confirmed (never purged), and every subscriber gets an
-- unsubscribe token for the newsletters' links.
CREATE TABLE `newsletters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`send_key` text NOT NULL,
	`subject` text NOT NULL,
	`intro` text NOT NULL,
	`items` text NOT NULL,
	`body_text` text NOT NULL,
	`body_html` text NOT NULL,
	`sent_by` text NOT NULL,
	`recipients` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletters_send_key_unique` ON `newsletters` (`send_key`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`recipient` text NOT NULL,
	`from_name` text NOT NULL,
	`subject` text NOT NULL,
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
CREATE INDEX `email_outbox_status_next_idx` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_newsletter_status_idx` ON `email_outbox` (`newsletter_id`,`status`);--> statement-breakpoint
ALTER TABLE `churchevents` ADD `registration_notifications` text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE `churchevents` ADD `registration_summary_until` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirmed_at` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirm_token` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirm_sent_at` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `unsubscribe_token` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `suppressed_at` text;--> statement-breakpoint
UPDATE `newsletter_subscribers` SET `confirmed_at` = `created_at`, `unsubscribe_token` = lower(hex(randomblob(16)));--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_confirm_token_unique` ON `newsletter_subscribers` (`confirm_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_unsubscribe_token_unique` ON `newsletter_subscribers` (`unsubscribe_token`);