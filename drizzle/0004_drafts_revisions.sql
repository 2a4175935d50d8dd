CREATE TABLE `revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entity` text NOT NULL,
	`record_key` text NOT NULL,
	`data` text NOT NULL,
	`image_url` text,
	`saved_at` text NOT NULL,
	`saved_by` text
);
--> statement-breakpoint
CREATE INDEX `revisions_record_idx` ON `revisions` (`entity`,`record_key`,`id`);--> statement-breakpoint
CREATE INDEX `revisions_image_idx` ON `revisions` (`image_url`);--> statement-breakpoint
ALTER TABLE `churchblogs` ADD `status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `churchblogs` ADD `publish_at` text;--> statement-breakpoint
ALTER TABLE `churchblogs` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `churchblogs` ADD `updated_by` text;--> statement-breakpoint
ALTER TABLE `ministries` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `ministries` ADD `updated_by` text;--> statement-breakpoint
-- Hand-written (issue 15): every existing post stays published, and went live when it was added.
UPDATE `churchblogs` SET `publish_at` = `created_at` WHERE `publish_at` IS NULL;
