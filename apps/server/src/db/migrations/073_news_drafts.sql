-- Staff write news in the console: an item is a draft until published (published_at NULL), scheduled when its time
-- is ahead, and deleted softly (deleted_at), so a mistake can be looked into and nothing a student saw vanishes from
-- the record. Students see published items only, as before (published_at <= now(), never deleted).
ALTER TABLE news ALTER COLUMN published_at DROP NOT NULL;
ALTER TABLE news ALTER COLUMN published_at DROP DEFAULT;
ALTER TABLE news ADD COLUMN deleted_at timestamptz;
ALTER TABLE news ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- The console's list: the most recently changed first.
CREATE INDEX news_updated ON news (updated_at DESC, id DESC) WHERE deleted_at IS NULL;
