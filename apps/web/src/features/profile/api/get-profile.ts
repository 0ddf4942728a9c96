import { getProfile } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useStudentId } from '../../../lib/session-store.ts';

export const profileQuery = (studentId: number) =>
  queryOptions({
    queryKey: ['profile', studentId],
    queryFn: async () => (await callApi(getProfile, { stud_id: studentId })).data,
  });

export const useProfile = () => useQuery(profileQuery(useStudentId()));
