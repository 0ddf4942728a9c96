-- The periodic sweep of sign-in data deletes by age; these keep it from scanning whole tables.
CREATE INDEX otp_challenges_created ON otp_challenges (created_at);

CREATE INDEX sessions_expires ON sessions (expires_at);
