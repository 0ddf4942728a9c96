-- The encoding ladder of an uploaded video (issue 36, docs/decisions/074): one row per stored video file, keyed by its
-- address (/media/uploads/<content hash>.mp4), so a file used by two topics is encoded once. The row is the job:
-- 'waiting' until a worker claims it (SELECT … FOR UPDATE SKIP LOCKED, so two instances never take the same one),
-- 'running' while ffmpeg works (heartbeat_at renewed with its progress; a running row whose heartbeat stopped is the
-- job of a server that stopped, and is claimed again), then 'ready' with its HLS playlist, poster and length, or
-- 'failed' with ffmpeg's reason (the topic keeps playing the original file either way).
CREATE TABLE video_encodings (
  source text PRIMARY KEY CHECK (source LIKE '/media/%'),
  state text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'running', 'ready', 'failed')),
  -- 0 to 1, as ffmpeg reports it.
  progress real NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 1),
  attempts integer NOT NULL DEFAULT 0,
  claimed_by text,
  heartbeat_at timestamptz,
  playlist text CHECK (playlist LIKE '/media/%.m3u8'),
  poster text CHECK (poster LIKE '/media/%'),
  duration_seconds real,
  -- The steps made: [{ "height": 240, "bandwidth": 198000 }, …], lowest first.
  steps jsonb,
  error text,
  queued_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK (state <> 'ready' OR (playlist IS NOT NULL AND steps IS NOT NULL))
);
-- The workers' claim: the oldest waiting job first.
CREATE INDEX video_encodings_open ON video_encodings (queued_at) WHERE state IN ('waiting', 'running');
