-- The console's insights (docs/decisions/044): each count reads one index, with what it counts included, so a count
-- stays an index-only scan at 10 million watch rows. The covering indexes take the place of the plain ones.
CREATE INDEX watch_progress_topic_progress ON watch_progress (topic_id) INCLUDE (student_id, position_seconds, duration_seconds);
DROP INDEX watch_progress_topic;
CREATE INDEX quiz_attempts_quiz_results ON quiz_attempts (quiz_id) INCLUDE (marks, max_marks, result);
DROP INDEX quiz_attempts_quiz;
CREATE INDEX attempt_answers_question_answer ON attempt_answers (question_id) INCLUDE (answer);
DROP INDEX attempt_answers_question;
-- The catalogue of subjects in the institute's order.
CREATE INDEX subjects_order ON subjects (position, id);
