import {
  chapterStudents,
  insightsCatalogue,
  listStudents,
  quizInsights,
  quizStudents,
  studentInsights,
  type ScopeList,
  subjectInsights,
  subjectStudents,
  topicStudents,
} from '@portal/contract/console';
import { useQuery } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

export const useCatalogue = () =>
  useQuery({
    queryKey: ['console', 'insights', 'catalogue'],
    queryFn: async () => (await callConsole(insightsCatalogue)).data.subjects,
  });

export const useSubjectInsights = (subjectId: number | null) =>
  useQuery({
    queryKey: ['console', 'insights', 'subject', subjectId],
    queryFn: async () => (await callConsole(subjectInsights, { subject_id: subjectId! })).data,
    enabled: subjectId !== null,
  });

export const useQuizInsights = (quizId: number | null) =>
  useQuery({
    queryKey: ['console', 'insights', 'quiz', quizId],
    queryFn: async () => (await callConsole(quizInsights, { quiz_id: quizId! })).data,
    enabled: quizId !== null,
  });

export const useStudentInsights = (studentId: number | null) =>
  useQuery({
    queryKey: ['console', 'insights', 'student', studentId],
    queryFn: async () => (await callConsole(studentInsights, { stud_id: studentId! })).data,
    enabled: studentId !== null,
  });

/** Students whose name or number matches, for choosing one (the roster's own search). */
export const useStudentSearch = (q: string) =>
  useQuery({
    queryKey: ['console', 'insights', 'student-search', q],
    queryFn: async () => (await callConsole(listStudents, { q, status: 'all', limit: 10 })).data.students,
    enabled: q.trim().length >= 2,
  });

export type TopicList = 'not_watched' | 'not_finished';
export type QuizList = 'not_attempted' | 'failed';

export const useTopicStudents = (topicId: number, batchId: number | null, list: TopicList) =>
  useQuery({
    queryKey: ['console', 'insights', 'topic-students', topicId, batchId, list],
    queryFn: async () =>
      (await callConsole(topicStudents, { topic_id: topicId, list, ...(batchId ? { batch_id: batchId } : {}) })).data,
  });

export const useQuizStudents = (quizId: number, batchId: number | null, list: QuizList) =>
  useQuery({
    queryKey: ['console', 'insights', 'quiz-students', quizId, batchId, list],
    queryFn: async () =>
      (await callConsole(quizStudents, { quiz_id: quizId, list, ...(batchId ? { batch_id: batchId } : {}) })).data,
  });

export type { ScopeList };

/** Who is behind on a chapter, or (chapterId null) on every chapter of the subject. */
export const useScopeStudents = (
  subjectId: number,
  chapterId: number | null,
  batchId: number | null,
  list: ScopeList,
) =>
  useQuery({
    queryKey: ['console', 'insights', 'scope-students', subjectId, chapterId, batchId, list],
    queryFn: async () => {
      const batch = batchId ? { batch_id: batchId } : {};
      return chapterId
        ? (await callConsole(chapterStudents, { chapter_id: chapterId, list, ...batch })).data
        : (await callConsole(subjectStudents, { subject_id: subjectId, list, ...batch })).data;
    },
  });
