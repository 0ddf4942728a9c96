interface Named {
  id: number;
  name: string;
}

/**
 * A student's subjects with their batches in brackets, "Physics (Morning, Evening); Chemistry", for the roster's
 * column: the names the filter offers, so what a clerk filters by is what they read.
 */
export function placesOf(
  student: { subject_ids: number[]; batch_ids: number[] },
  subjects: Named[],
  batches: (Named & { subject_id: number })[],
): string {
  return student.subject_ids
    .map((subjectId) => {
      const subject = subjects.find((s) => s.id === subjectId)?.name ?? `Subject ${subjectId}`;
      const inside = batches.filter((b) => b.subject_id === subjectId && student.batch_ids.includes(b.id));
      return inside.length ? `${subject} (${inside.map((b) => b.name).join(', ')})` : subject;
    })
    .join('; ');
}
