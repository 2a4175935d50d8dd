CREATE TABLE `site_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
