-- Issue 32 (docs/decisions/047): strangers must not spend the institute's SMS nor lock the owner of a number out.

-- The institute-wide budget of registration codes counts these in the last hour and day.
CREATE INDEX otp_challenges_registration_sent ON otp_challenges (created_at) WHERE audience = 'registration';

-- Signups refused because the budget was spent, one row an hour: the console's Overview says when and how many.
CREATE TABLE registration_budget_refusals (
  hour        timestamptz PRIMARY KEY,
  refused     integer NOT NULL,
  last_at     timestamptz NOT NULL
);
CREATE INDEX registration_budget_refusals_last ON registration_budget_refusals (last_at);

-- A browser that completed a sign-in for a number: the hash of its device cookie, one row per number it signed in
-- to. A code asked from it for that number counts against its own allowance, not the number's (which strangers fill).
CREATE TABLE known_devices (
  device_hash  text NOT NULL,
  phone        text NOT NULL,
  signed_in_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_hash, phone)
);
CREATE INDEX known_devices_signed_in ON known_devices (signed_in_at);

-- The known device a code was asked from (its hash), or null for anyone else.
ALTER TABLE otp_challenges ADD COLUMN device_hash text;
