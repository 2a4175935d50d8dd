-- One word for one idea: the kept versions of posts, ministries and page copy are their History.
ALTER TABLE `revisions` RENAME TO `history`;--> statement-breakpoint
DROP INDEX IF EXISTS `revisions_record_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `revisions_image_idx`;--> statement-breakpoint
CREATE INDEX `history_record_idx` ON `history` (`entity`,`record_key`,`id`);--> statement-breakpoint
CREATE INDEX `history_image_idx` ON `history` (`image_url`);
