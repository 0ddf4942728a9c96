-- Staff of the institute who use the console. Never deleted: deactivated, so the audit log keeps its authors.
CREATE TABLE staff (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name       text NOT NULL,
  -- Canonical E.164 ("+919876543210"), the same form sign-in counts limits by.
  mobile     text NOT NULL UNIQUE,
  role       text NOT NULL CHECK (role IN ('admin', 'teacher')),
  active     boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One sign-in mechanism for students and staff: a challenge says whom it signs in (audience) and, when the
-- number belongs to someone of that audience, who. A student's code never opens the console, and back.
ALTER TABLE otp_challenges ADD COLUMN audience text NOT NULL DEFAULT 'student';
ALTER TABLE otp_challenges ADD COLUMN staff_id integer REFERENCES staff (id) ON DELETE CASCADE;
CREATE INDEX otp_challenges_staff ON otp_challenges (staff_id);

-- A session belongs to exactly one student or one staff member.
ALTER TABLE sessions ALTER COLUMN student_id DROP NOT NULL;
ALTER TABLE sessions ADD COLUMN staff_id integer REFERENCES staff (id) ON DELETE CASCADE;
ALTER TABLE sessions ADD CONSTRAINT sessions_one_holder CHECK (num_nonnulls(student_id, staff_id) = 1);
CREATE INDEX sessions_staff ON sessions (staff_id);

-- Every change a staff member (or the command line, staff_id null) makes: append-only.
CREATE TABLE audit_log (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at        timestamptz NOT NULL DEFAULT now(),
  staff_id  integer REFERENCES staff (id),
  -- Who it was at the time ("Asha Rao (admin)", "command line"), so renaming a staff member does not rewrite history.
  actor     text NOT NULL,
  action    text NOT NULL,
  entity    text NOT NULL,
  entity_id text,
  before    jsonb,
  after     jsonb
);
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_staff ON audit_log (staff_id, at DESC, id DESC);
CREATE INDEX audit_log_action ON audit_log (action, at DESC, id DESC);
CREATE INDEX audit_log_entity ON audit_log (entity, entity_id, at DESC, id DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$;
-- Per row for UPDATE and DELETE (a restore into a fresh installation may DELETE from the empty table), per statement for TRUNCATE.
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
