import { enrolStudent, setStudentActive, signOutStudent, updateStudent } from '@portal/contract/console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyInput } from '@portal/contract';
import { callConsole } from '../../../lib/console-api.ts';

/** Every change of one student refreshes the roster and the student. */
function useStudentChange<T>(call: (input: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console', 'students'] }),
  });
}

export const useUpdateStudent = () =>
  useStudentChange((input: BodyInput<typeof updateStudent>) => callConsole(updateStudent, input));
export const useEnrolStudent = () =>
  useStudentChange((input: BodyInput<typeof enrolStudent>) => callConsole(enrolStudent, input));
export const useSetStudentActive = () =>
  useStudentChange((input: BodyInput<typeof setStudentActive>) => callConsole(setStudentActive, input));
export const useSignOutStudent = () =>
  useStudentChange((input: BodyInput<typeof signOutStudent>) => callConsole(signOutStudent, input));
