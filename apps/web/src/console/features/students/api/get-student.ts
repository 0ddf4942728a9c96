import { getStudent } from '@portal/contract/console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

export const studentQuery = (studentId: number) =>
  queryOptions({
    queryKey: ['console', 'students', 'one', studentId],
    queryFn: async () => (await callConsole(getStudent, { stud_id: studentId })).data,
  });

export const useStudent = (studentId: number) => useQuery(studentQuery(studentId));
