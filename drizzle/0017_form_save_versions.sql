ALTER TABLE `associations` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `associations` ADD `updated_by` text;--> statement-breakpoint
ALTER TABLE `church_testimonies` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `church_testimonies` ADD `updated_by` text;--> statement-breakpoint
ALTER TABLE `churchevents` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `churchevents` ADD `updated_by` text;--> statement-breakpoint
ALTER TABLE `leadership_members` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `leadership_members` ADD `updated_by` text;