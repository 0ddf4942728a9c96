import type { Queryable } from '../database.ts';
import { markDemo } from './demo-rows.ts';

/** The demo console users (README names their numbers next to the demo students'). */
export const demoStaff = [
  { name: 'Asha Admin', mobile: '+919811100001', role: 'admin' },
  { name: 'Tarun Teacher', mobile: '+919811100002', role: 'teacher' },
] as const;

export async function seedStaff(tx: Queryable) {
  for (const member of demoStaff) {
    const [added] = await tx.query<{ id: number }>(
      `INSERT INTO staff (name, mobile, role) VALUES ($1, $2, $3) ON CONFLICT (mobile) DO NOTHING RETURNING id`,
      [member.name, member.mobile, member.role],
    );
    if (added) await markDemo(tx, 'staff', added.id);
  }
}
