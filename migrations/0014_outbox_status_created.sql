-- The outbox by status and age (issue 32): the cron deletes rows older than a month and /healthz reads the unsent and
-- failed ones by a range of this index, never the whole table.
CREATE INDEX `email_outbox_status_created_idx` ON `email_outbox` (`status`,`created_at`);