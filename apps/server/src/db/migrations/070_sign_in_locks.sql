-- Every wrong sign-in code, kept a year: the limits that bound an attacker's odds over months count them
-- (docs/decisions/040). One row a wrong code; a number locks at 100 a year, an address pauses at 25 a day.
CREATE TABLE wrong_codes (
  id        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone     text NOT NULL,
  client_ip text NOT NULL,
  at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wrong_codes_phone ON wrong_codes (phone, client_ip, at);
CREATE INDEX wrong_codes_address ON wrong_codes (client_ip, at);

-- A number locked by its wrong codes, until staff lift the lock; wrong codes before the lift no longer count
-- (who lifted it: the audit log).
CREATE TABLE number_locks (
  phone       text PRIMARY KEY,
  locked_at   timestamptz NOT NULL,
  unlocked_at timestamptz
);
CREATE INDEX number_locks_locked ON number_locks (locked_at DESC) WHERE unlocked_at IS NULL;
