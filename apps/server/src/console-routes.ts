import type { FastifyInstance } from 'fastify';
import { staffAuthRoutes } from './resources/staff-auth/routes.ts';
import { staffRoutes } from './resources/staff/routes.ts';
import { rosterRoutes } from './resources/roster/routes.ts';
import { academicLevelRoutes } from './resources/registration/academic-level-routes.ts';
import { registrationConsoleRoutes } from './resources/registration/console-routes.ts';
import { signInLockRoutes } from './resources/auth/lock-routes.ts';
import { registrationBudgetRoutes } from './resources/auth/budget-routes.ts';
import { contentPackRoutes } from './resources/content-pack/routes.ts';
import { auditLogRoutes } from './resources/audit-log/routes.ts';
import { newsConsoleRoutes } from './resources/news/console-routes.ts';
import { insightsRoutes } from './resources/insights/routes.ts';
import { courseRoutes } from './resources/course/routes.ts';
import { mediaRoutes } from './media/index.ts';
import { scheduleConsoleRoutes } from './resources/live-classes/console-routes.ts';
import { quizConsoleRoutes } from './resources/quizzes/console-routes.ts';
import { goLiveRoutes } from './resources/go-live/routes.ts';
import { messageRoutes } from './resources/messages/routes.ts';

/** Every resource of the console API, under CONSOLE_API_BASE (contract: packages/contract/src/console.ts). */
export async function consoleRoutes(app: FastifyInstance) {
  await app.register(staffAuthRoutes);
  await app.register(staffRoutes);
  await app.register(rosterRoutes);
  await app.register(registrationConsoleRoutes);
  await app.register(academicLevelRoutes);
  await app.register(signInLockRoutes);
  await app.register(registrationBudgetRoutes);
  await app.register(contentPackRoutes);
  await app.register(auditLogRoutes);
  await app.register(newsConsoleRoutes);
  await app.register(insightsRoutes);
  await app.register(courseRoutes);
  await app.register(mediaRoutes);
  await app.register(scheduleConsoleRoutes);
  await app.register(quizConsoleRoutes);
  await app.register(goLiveRoutes);
  await app.register(messageRoutes);
}
