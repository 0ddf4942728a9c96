import type { FastifyInstance } from 'fastify';
import { addAcademicLevel, listAcademicLevels, updateAcademicLevel } from '@portal/contract/console';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import { addLevel, changeLevel } from './manage-levels.ts';
import { listAllLevels } from './academic-level-repository.ts';

/** Admins keep the register form's academic levels. */
export async function academicLevelRoutes(app: FastifyInstance) {
  defineConsoleRoute(app, listAcademicLevels, async () => ({
    status: true,
    message: 'Academic levels',
    data: { levels: await listAllLevels(app.db) },
  }));

  defineConsoleRoute(app, addAcademicLevel, async ({ body, staff }) => {
    const level = await addLevel(app.db, staff, body.name, body.position);
    return { status: true, message: `${level.name} was added.`, data: level };
  });

  defineConsoleRoute(app, updateAcademicLevel, async ({ body, staff }) => {
    const { level_id: levelId, ...change } = body;
    const level = await changeLevel(app.db, staff, levelId, change);
    return { status: true, message: `${level.name} was updated.`, data: level };
  });
}
