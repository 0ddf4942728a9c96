/** Who the compose page was opened for: `?batch=`, `?students=1,2,3`, or router state `{studentIds}` (the roster). */
export type StartingAudience = { batch_id: number } | { student_ids: number[] } | undefined;

const ids = (values: unknown[]) => values.map(Number).filter((n) => Number.isInteger(n) && n > 0);

export function startingAudience(search: string, state: unknown): StartingAudience {
  const params = new URLSearchParams(search);
  const batch = Number(params.get('batch'));
  if (Number.isInteger(batch) && batch > 0) return { batch_id: batch };
  const listed = ids((params.get('students') ?? '').split(',').filter(Boolean));
  if (listed.length > 0) return { student_ids: listed };
  const fromState =
    typeof state === 'object' && state !== null && 'studentIds' in state && Array.isArray(state.studentIds)
      ? ids(state.studentIds)
      : [];
  return fromState.length > 0 ? { student_ids: fromState } : undefined;
}
