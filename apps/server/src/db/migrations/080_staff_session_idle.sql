-- A staff session unused for STAFF_IDLE_HOURS has ended (docs/decisions/046): when it was last used, moved on at most
-- once a minute (sessions/session-repository.ts), so a busy console writes little. Student sessions keep the column
-- unused. The touch announces the token on session_changed (migration 060); instances forget it from a cache that
-- holds no staff sessions, so it costs nothing else.
ALTER TABLE sessions ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();
