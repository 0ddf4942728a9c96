/**
 * A roster CSV of `lines` new students (numbers from 7000000000 up, written the three ways staff write them: with
 * the trunk 0, with a space, with +91), each enrolled in a subject and one of `batches` in turn. About 90 bytes a
 * line, so 100,000 lines fit the 10 MB a file may hold.
 */
export function generatedStudentCsv(lines: number, batches: { name: string; subject: string }[]): Uint8Array {
  const rows = ['name,mobile,guardian,state,academic_level,subjects,batches'];
  for (let i = 0; i < lines; i++) {
    const batch = batches[i % batches.length]!;
    const national = String(7000000000 + i * 13);
    const mobile =
      i % 3 === 0 ? `0${national}` : i % 3 === 1 ? `${national.slice(0, 5)} ${national.slice(5)}` : `+91${national}`;
    rows.push(`Student ${i},${mobile},Guardian ${i},Kerala,Class ${9 + (i % 4)},${batch.subject},"${batch.name}"`);
  }
  return new TextEncoder().encode(rows.join('\n'));
}

export const BATCHES_WITH_SUBJECTS =
  'SELECT b.name, s.name AS subject FROM batches b JOIN subjects s ON s.id = b.subject_id ORDER BY b.id';
