ALTER TABLE `registration_bursts` ADD `dismissed_at` text;--> statement-breakpoint
ALTER TABLE `registration_bursts` ADD `dismissed_by` text;