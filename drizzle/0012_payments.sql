CREATE TABLE `gifts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`receipt_number` text NOT NULL,
	`amount` integer NOT NULL,
	`fund` text NOT NULL,
	`phone_number` text NOT NULL,
	`donor_name` text,
	`email` text,
	`anonymous` integer DEFAULT false NOT NULL,
	`token` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gifts_receipt_idx` ON `gifts` (`receipt_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `gifts_token_idx` ON `gifts` (`token`);--> statement-breakpoint
CREATE TABLE `payment_simulator_charges` (
	`charge_id` text PRIMARY KEY NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'MWK' NOT NULL,
	`mobile` text NOT NULL,
	`operator_ref_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`ref_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`completed_at` text
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`registration_id` integer,
	`gift_id` integer,
	`event_id` integer,
	`amount` integer NOT NULL,
	`amount_received` integer,
	`currency` text DEFAULT 'MWK' NOT NULL,
	`provider` text,
	`operator` text,
	`phone_number` text,
	`provider_reference` text,
	`flagged` integer DEFAULT false NOT NULL,
	`flag_reason` text,
	`refund_due` integer DEFAULT false NOT NULL,
	`receipt_number` text,
	`recorded_by` text,
	`failure_reason` text,
	`paid_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`registration_id`) REFERENCES `event_registrations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`gift_id`) REFERENCES `gifts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`event_id`) REFERENCES `churchevents`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_reference_idx` ON `payments` (`reference`);--> statement-breakpoint
CREATE INDEX `payments_registration_idx` ON `payments` (`registration_id`);--> statement-breakpoint
CREATE INDEX `payments_event_idx` ON `payments` (`event_id`,`kind`,`status`);--> statement-breakpoint
CREATE INDEX `payments_paid_at_idx` ON `payments` (`status`,`paid_at`);--> statement-breakpoint
ALTER TABLE `churchevents` ADD `price` integer;--> statement-breakpoint
ALTER TABLE `churchevents` ADD `payment_hold_hours` integer;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `cancel_reason` text;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `payment_status` text DEFAULT 'unpaid' NOT NULL;