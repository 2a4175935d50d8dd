PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_event_registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`full_name` text NOT NULL,
	`phone_number` text NOT NULL,
	`email` text,
	`dedupe_key` text,
	`status` text DEFAULT 'confirmed' NOT NULL,
	`code` text NOT NULL,
	`token` text NOT NULL,
	`request_id` text,
	`source` text DEFAULT 'public' NOT NULL,
	`added_by` text,
	`over_capacity` integer DEFAULT false NOT NULL,
	`queued_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`promoted_at` text,
	`told_at` text,
	`cancelled_at` text,
	`cancelled_by` text,
	`checked_in_at` text,
	`checked_in_by` text,
	`admitted_unconfirmed` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `churchevents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Every existing registration is kept as confirmed, with a reference code and a private-link token
-- (22 characters of base64url: 132 random bits). The phone is compared in its international form
-- where it can be read as a Malawi number (or one given with + or 00), and kept as typed otherwise.
INSERT INTO `__new_event_registrations`("id", "event_id", "full_name", "phone_number", "email", "dedupe_key", "status", "code", "token", "source", "queued_at", "created_at", "updated_at")
SELECT "id", "event_id", "full_name", trim("phone_number"), "email",
  replace(replace(replace(replace(replace(replace(trim("phone_number"), ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), char(9), ''),
  'confirmed',
  substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1),
  substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1)||substr('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', 1 + (random() & 63), 1),
  'public', "created_at", "created_at", "created_at"
FROM `event_registrations`;--> statement-breakpoint
UPDATE `__new_event_registrations` SET "dedupe_key" = '+' || substr("dedupe_key", 3) WHERE "dedupe_key" LIKE '00%';--> statement-breakpoint
UPDATE `__new_event_registrations` SET "dedupe_key" = '+' || "dedupe_key" WHERE "dedupe_key" LIKE '265%' AND length("dedupe_key") = 12;--> statement-breakpoint
UPDATE `__new_event_registrations` SET "dedupe_key" = '+265' || substr("dedupe_key", 2) WHERE "dedupe_key" LIKE '0%' AND length("dedupe_key") IN (8, 10);--> statement-breakpoint
UPDATE `__new_event_registrations` SET "dedupe_key" = '+265' || "dedupe_key" WHERE "dedupe_key" NOT LIKE '+%' AND "dedupe_key" NOT LIKE '0%' AND (length("dedupe_key") = 9 OR (length("dedupe_key") = 7 AND "dedupe_key" LIKE '1%'));--> statement-breakpoint
UPDATE `__new_event_registrations` SET "dedupe_key" = NULL WHERE NOT ("dedupe_key" LIKE '+%' AND length("dedupe_key") BETWEEN 8 AND 16 AND substr("dedupe_key", 2) NOT GLOB '*[^0-9]*');--> statement-breakpoint
UPDATE `__new_event_registrations` SET "phone_number" = "dedupe_key" WHERE "dedupe_key" IS NOT NULL;--> statement-breakpoint
UPDATE `__new_event_registrations` SET "dedupe_key" = "phone_number" WHERE "dedupe_key" IS NULL;--> statement-breakpoint
-- One phone registered twice for one event (two men of one family): the first keeps the
-- once-per-phone key, the others are kept as if added at the desk.
UPDATE `__new_event_registrations` SET "dedupe_key" = NULL WHERE EXISTS (SELECT 1 FROM `__new_event_registrations` o WHERE o."event_id" = `__new_event_registrations`."event_id" AND o."dedupe_key" = `__new_event_registrations`."dedupe_key" AND o."id" < `__new_event_registrations`."id");--> statement-breakpoint
-- A code drawn twice for one event (about 1 in 500 for an event of 1,000) is drawn again.
UPDATE `__new_event_registrations` SET "code" = substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1) WHERE EXISTS (SELECT 1 FROM `__new_event_registrations` o WHERE o."event_id" = `__new_event_registrations`."event_id" AND o."code" = `__new_event_registrations`."code" AND o."id" < `__new_event_registrations`."id");--> statement-breakpoint
-- A code drawn twice for one event (about 1 in 500 for an event of 1,000) is drawn again.
UPDATE `__new_event_registrations` SET "code" = substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1) WHERE EXISTS (SELECT 1 FROM `__new_event_registrations` o WHERE o."event_id" = `__new_event_registrations`."event_id" AND o."code" = `__new_event_registrations`."code" AND o."id" < `__new_event_registrations`."id");--> statement-breakpoint
-- A code drawn twice for one event (about 1 in 500 for an event of 1,000) is drawn again.
UPDATE `__new_event_registrations` SET "code" = substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1)||substr('23456789ABCDEFGHJKLMNPQRSTUVWXYZ', 1 + (random() & 31), 1) WHERE EXISTS (SELECT 1 FROM `__new_event_registrations` o WHERE o."event_id" = `__new_event_registrations`."event_id" AND o."code" = `__new_event_registrations`."code" AND o."id" < `__new_event_registrations`."id");--> statement-breakpoint
DROP TABLE `event_registrations`;--> statement-breakpoint
ALTER TABLE `__new_event_registrations` RENAME TO `event_registrations`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `event_registrations_event_created_idx` ON `event_registrations` (`event_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `event_registrations_event_status_idx` ON `event_registrations` (`event_id`,`status`,`queued_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `event_registrations_token_idx` ON `event_registrations` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `event_registrations_event_code_idx` ON `event_registrations` (`event_id`,`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `event_registrations_event_phone_idx` ON `event_registrations` (`event_id`,`dedupe_key`) WHERE status <> 'cancelled';--> statement-breakpoint
ALTER TABLE `churchevents` ADD `capacity` integer;--> statement-breakpoint
ALTER TABLE `churchevents` ADD `waitlist_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `churchevents` ADD `registration_closes_at` text;