-- A code is texted after its request is answered (docs/decisions/040); when the gateway then fails, the code is
-- marked undelivered: it never works, does not count against the number's or the address's sends, and the
-- student who tries it is told the SMS could not be sent.
ALTER TABLE otp_challenges ADD COLUMN undelivered boolean NOT NULL DEFAULT false;
