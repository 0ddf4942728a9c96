-- migrate: outside a transaction
-- A student's position on each topic of a chapter (the topics screen) is one entry of this index, found by both keys,
-- where the index it replaces had the topic alone as its key: with a popular topic the planner read every watcher of
-- it to find one student (9,388 entries for 4 topics at 100,000 students, issue 37). Insights still read a topic's
-- watchers from its leading column. Built CONCURRENTLY, so a grown database goes on answering while it builds.
-- A build cut short (the instance stopped during it) leaves an invalid index of that name, which IF NOT EXISTS would
-- keep: drop it, so the retry builds it anew (decision 053).
DROP INDEX CONCURRENTLY IF EXISTS watch_progress_topic_student;
CREATE INDEX CONCURRENTLY watch_progress_topic_student ON watch_progress (topic_id, student_id) INCLUDE (position_seconds, duration_seconds);
DROP INDEX CONCURRENTLY IF EXISTS watch_progress_topic_progress;
