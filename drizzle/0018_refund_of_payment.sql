ALTER TABLE `payments` ADD `refund_of` integer REFERENCES payments(id);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_refund_of_idx` ON `payments` (`refund_of`);--> statement-breakpoint
CREATE INDEX `email_outbox_about_idx` ON `email_outbox` (`about_id`,`kind`);