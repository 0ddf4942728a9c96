import { getStudyMaterials } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useStudentId } from '../../../lib/session-store.ts';
import { LIST_FRESH_MS } from '../../../lib/list-freshness.ts';

export const studyMaterialsQuery = (studentId: number, subjectId: number, chapterId: number) =>
  queryOptions({
    queryKey: ['study-materials', studentId, subjectId, chapterId],
    queryFn: async () =>
      (await callApi(getStudyMaterials, { stud_id: studentId, sub_id: subjectId, chapter_id: chapterId })).data,
    staleTime: LIST_FRESH_MS,
  });

export const useStudyMaterials = (subjectId: number, chapterId: number) =>
  useQuery(studyMaterialsQuery(useStudentId(), subjectId, chapterId));
