import { type Actor, recordAudit } from '../../audit/record-audit.ts';
import type { Database } from '../../db/database.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import {
  findLevelForUpdate,
  insertLevel,
  levelNamed,
  type ManagedLevelRow,
  updateLevel,
} from './academic-level-repository.ts';

const nameTaken = (name: string) => new ApiError(409, `name: there is already a level called ${name}.`);

export async function addLevel(
  db: Database,
  actor: Actor,
  name: string,
  position: number | undefined,
): Promise<ManagedLevelRow> {
  return db.transaction(async (tx) => {
    if (await levelNamed(tx, name)) throw nameTaken(name);
    const level = await insertLevel(tx, name, position);
    await recordAudit(tx, actor, {
      action: 'academic_level.add',
      entity: 'academic_level',
      entityId: level.level_id,
      before: null,
      after: level,
    });
    return level;
  });
}

/** Levels are never deleted: requests and students refer to them. Retiring one takes it off the form. */
export async function changeLevel(
  db: Database,
  actor: Actor,
  levelId: number,
  change: { name?: string | undefined; position?: number | undefined; active?: boolean | undefined },
): Promise<ManagedLevelRow> {
  return db.transaction(async (tx) => {
    const before = await findLevelForUpdate(tx, levelId);
    if (!before) throw notFound('This academic level');
    if (change.name !== undefined && change.name.toLowerCase() !== before.name.toLowerCase()) {
      const other = await levelNamed(tx, change.name);
      if (other) throw nameTaken(change.name);
    }
    const after = await updateLevel(tx, {
      level_id: levelId,
      name: change.name ?? before.name,
      position: change.position ?? before.position,
      active: change.active ?? before.active,
    });
    const action =
      before.active !== after.active
        ? after.active
          ? 'academic_level.restore'
          : 'academic_level.retire'
        : 'academic_level.update';
    await recordAudit(tx, actor, { action, entity: 'academic_level', entityId: levelId, before, after });
    return after;
  });
}
