-- Web Push: class reminders and news notices reach the installed app of students who allowed them (decision 075).

-- The server's VAPID key pair, made once on first need and kept: every subscription is bound to the public key, so
-- a new pair would leave every device subscribed to a key the push services no longer accept from us.
CREATE TABLE push_keys (
  one         boolean PRIMARY KEY DEFAULT true CHECK (one),
  public_key  text NOT NULL,
  private_key text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- A device's subscription, saved by the signed-in student and bound to that session: Logout (which revokes the
-- session) removes it by the trigger below, and a session dropped when it expired takes it along.
CREATE TABLE push_subscriptions (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  endpoint   text NOT NULL UNIQUE,
  p256dh     text NOT NULL,
  auth       text NOT NULL,
  student_id integer NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  session_id integer NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  -- The notices' language, the app's when the student allowed them.
  language   text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'hi')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_student ON push_subscriptions (student_id);
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_id);

CREATE FUNCTION forget_revoked_session_pushes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM push_subscriptions WHERE session_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_revoked_forget_pushes AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL)
  EXECUTE FUNCTION forget_revoked_session_pushes();

-- One row per class start reminded: the claim that makes one instance, once, remind it. A class moved to another
-- time is reminded again for its new time.
CREATE TABLE class_reminders (
  live_class_id integer NOT NULL REFERENCES live_classes (id) ON DELETE CASCADE,
  starts_at     timestamptz NOT NULL,
  claimed_at    timestamptz NOT NULL DEFAULT now(),
  -- Filled once sent: devices that took it, and those that refused it (gone or failed).
  pushed        integer,
  failed        integer,
  PRIMARY KEY (live_class_id, starts_at)
);

-- The reminder's search: classes starting within the next CLASS_REMINDER_MINUTES, whatever their batch.
CREATE INDEX live_classes_starts ON live_classes (starts_at);

-- A news item staff asked to announce when published (the editor's "Notify students"); `claimed_at` set by the one
-- instance that sends it, once the item is published (at once, or at its scheduled time).
CREATE TABLE news_notices (
  news_id      integer PRIMARY KEY REFERENCES news (id) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL DEFAULT now(),
  claimed_at   timestamptz,
  pushed       integer,
  failed       integer
);
