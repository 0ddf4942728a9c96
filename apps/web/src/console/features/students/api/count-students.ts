import { countStudents, type RosterFilter } from '@portal/contract/console';
import { useQuery } from '@tanstack/react-query';
import { callConsole } from '../../../lib/console-api.ts';

/** How many students the filter matches (counted up to one past the bulk limit), asked only while `enabled`. */
export const useStudentCount = (filter: RosterFilter, enabled: boolean) =>
  useQuery({
    queryKey: ['console', 'students', 'count', filter],
    queryFn: async () => (await callConsole(countStudents, filter)).data,
    enabled,
  });
