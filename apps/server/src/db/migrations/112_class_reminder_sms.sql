-- The SMS leg of class reminders (docs/decisions/076): a class's batch is also texted, from the one registered
-- template staff marked "Use for class reminders", through the message sends of decision 068.

-- At most one template is the class reminder; none marked, no SMS is sent (the push notice still is).
ALTER TABLE message_templates ADD COLUMN class_reminder boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX message_templates_class_reminder ON message_templates (class_reminder) WHERE class_reminder;

-- A send the portal made by itself (a class reminder), not a staff member: the history says so.
ALTER TABLE message_sends ADD COLUMN by_portal boolean NOT NULL DEFAULT false;

-- The SMS send a reminder queued, if any (none: no template marked, or nobody in the batch).
ALTER TABLE class_reminders ADD COLUMN send_id integer REFERENCES message_sends (id) ON DELETE SET NULL;
CREATE INDEX class_reminders_send ON class_reminders (send_id);
