import {
  deleteChapter,
  deleteMaterial,
  deleteSubject,
  deleteTopic,
  getAuthoredSubject,
  listAuthoredSubjects,
  moveCourseItem,
  saveChapter,
  saveMaterial,
  saveSubject,
  saveTopic,
} from '@portal/contract/console';
import type { BodyInput } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

const courseKey = ['console', 'course'] as const;

export const subjectsQuery = queryOptions({
  queryKey: [...courseKey, 'subjects'],
  queryFn: async () => (await callConsole(listAuthoredSubjects)).data.subjects,
});

export const subjectQuery = (subjectId: number) =>
  queryOptions({
    queryKey: [...courseKey, 'subject', subjectId],
    queryFn: async () => (await callConsole(getAuthoredSubject, { subject_id: subjectId })).data,
    // While a video is being encoded for slow networks, its progress is asked for every few seconds.
    refetchInterval: (query) =>
      query.state.data?.chapters.some((chapter) =>
        chapter.topics.some((topic) => topic.encoding?.state === 'waiting' || topic.encoding?.state === 'running'),
      )
        ? 5000
        : false,
  });

export const useAuthoredSubjects = () => useQuery(subjectsQuery);
export const useAuthoredSubject = (subjectId: number) => useQuery(subjectQuery(subjectId));

/** Every authoring call; each refreshes the course lists and answers the server's message. */
export function useCourseActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: courseKey });
  return {
    saveSubject: useMutation({
      mutationFn: (body: BodyInput<typeof saveSubject>) => callConsole(saveSubject, body),
      onSettled,
    }),
    deleteSubject: useMutation({ mutationFn: (id: number) => callConsole(deleteSubject, { id }), onSettled }),
    saveChapter: useMutation({
      mutationFn: (body: BodyInput<typeof saveChapter>) => callConsole(saveChapter, body),
      onSettled,
    }),
    deleteChapter: useMutation({ mutationFn: (id: number) => callConsole(deleteChapter, { id }), onSettled }),
    saveTopic: useMutation({
      mutationFn: (body: BodyInput<typeof saveTopic>) => callConsole(saveTopic, body),
      onSettled,
    }),
    deleteTopic: useMutation({
      mutationFn: (body: BodyInput<typeof deleteTopic>) => callConsole(deleteTopic, body),
      onSettled,
    }),
    saveMaterial: useMutation({
      mutationFn: (body: BodyInput<typeof saveMaterial>) => callConsole(saveMaterial, body),
      onSettled,
    }),
    deleteMaterial: useMutation({ mutationFn: (id: number) => callConsole(deleteMaterial, { id }), onSettled }),
    move: useMutation({
      mutationFn: (body: BodyInput<typeof moveCourseItem>) => callConsole(moveCourseItem, body),
      onSettled,
    }),
  };
}

export type CourseActions = ReturnType<typeof useCourseActions>;
