ALTER TABLE `payments` ADD `refund_of` integer REFERENCES payments(id);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_refund_of_idx` ON `payments` (`refund_of`);