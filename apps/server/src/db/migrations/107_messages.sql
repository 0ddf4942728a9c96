-- Text messages staff send to students (docs/decisions/068). The job that sends them lives in pg-boss's own tables
-- (apps/server/src/jobs); what was sent, to whom and how it went lives here, where the console reads it.

-- The institute's DLT-registered templates. Retired, never deleted: a send keeps its template's name.
CREATE TABLE message_templates (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                text NOT NULL,
  dlt_template_id     text NOT NULL DEFAULT '',
  gateway_template_id text NOT NULL DEFAULT '',
  text                text NOT NULL,
  active              boolean NOT NULL DEFAULT true,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX message_templates_name ON message_templates (lower(name));

-- One send: a text (its variables filled in, `{name}` still open) to many students.
CREATE TABLE message_sends (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  template_id         integer REFERENCES message_templates (id),
  dlt_template_id     text NOT NULL DEFAULT '',
  gateway_template_id text NOT NULL DEFAULT '',
  text                text NOT NULL,
  variables           jsonb NOT NULL DEFAULT '{}',
  source              text NOT NULL DEFAULT '',
  -- Who sent it; the audit log keeps them should the staff row ever go (the demo's removal).
  staff_id            integer REFERENCES staff (id) ON DELETE SET NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  finished_at         timestamptz
);
CREATE INDEX message_sends_template ON message_sends (template_id);
CREATE INDEX message_sends_staff ON message_sends (staff_id);

-- Each recipient's text and how it went: queued until the gateway took it (sent) or refused it MESSAGE_ATTEMPTS
-- times (failed, with its last answer as the reason).
CREATE TABLE message_recipients (
  send_id         integer NOT NULL REFERENCES message_sends (id) ON DELETE CASCADE,
  student_id      integer NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  mobile          text NOT NULL,
  text            text NOT NULL,
  status          text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  reason          text NOT NULL DEFAULT '',
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  PRIMARY KEY (send_id, student_id)
);
CREATE INDEX message_recipients_student ON message_recipients (student_id);
-- The sender's next text: the send's queued recipients that are due, in the order they were added.
CREATE INDEX message_recipients_due ON message_recipients (send_id, next_attempt_at) WHERE status = 'queued';
