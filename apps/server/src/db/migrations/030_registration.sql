-- Registration requests (issue 8): a student asks to join, proves the number with a code, staff decide.

-- The register form's select. Staff keep the list; a level in use is retired (active false), not deleted.
CREATE TABLE academic_levels (
  id       integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name     text NOT NULL UNIQUE,
  position integer NOT NULL DEFAULT 0,
  active   boolean NOT NULL DEFAULT true
);
CREATE INDEX academic_levels_listed ON academic_levels (active, position, id);

-- Where a new installation starts; admins rename, add and retire levels in the console.
INSERT INTO academic_levels (name, position) VALUES
  ('Class 8', 1), ('Class 9', 2), ('Class 10', 3), ('Class 11', 4), ('Class 12', 5), ('College', 6);

-- unverified: the code has not been entered yet (swept after a day); pending: the number is proved and the
-- request waits for staff; approved or rejected: decided (kept, with who and why).
CREATE TABLE registration_requests (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name              text NOT NULL,
  guardian          text NOT NULL,
  state             text NOT NULL,
  district          text NOT NULL,
  email             text NOT NULL DEFAULT '',
  phone_code        text NOT NULL,
  mobile            text NOT NULL,
  -- The number as codes are addressed and counted (otp_challenges.phone).
  phone             text NOT NULL,
  academic_level_id integer NOT NULL REFERENCES academic_levels (id),
  status            text NOT NULL DEFAULT 'unverified' CHECK (status IN ('unverified', 'pending', 'approved', 'rejected')),
  reason            text,
  student_id        integer REFERENCES students (id) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  verified_at       timestamptz,
  decided_at        timestamptz
);
CREATE INDEX registration_requests_status ON registration_requests (status, verified_at, id);
CREATE INDEX registration_requests_level ON registration_requests (academic_level_id);
CREATE INDEX registration_requests_student ON registration_requests (student_id);
-- One waiting request per number: a newer proved request replaces the older one.
CREATE UNIQUE INDEX registration_requests_one_pending ON registration_requests (phone) WHERE status = 'pending';

-- A code sent to prove a registration's number rather than to sign in. SET NULL, not CASCADE: the code of a
-- dropped request stops working, but still counts against its number's limits.
ALTER TABLE otp_challenges ADD COLUMN registration_id integer REFERENCES registration_requests (id) ON DELETE SET NULL;
CREATE INDEX otp_challenges_registration ON otp_challenges (registration_id);
