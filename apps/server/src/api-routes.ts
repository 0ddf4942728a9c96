import type { FastifyInstance } from 'fastify';
import { authRoutes } from './resources/auth/routes.ts';
import { profileRoutes } from './resources/profile/routes.ts';
import { subjectRoutes } from './resources/subjects/routes.ts';
import { studyMaterialRoutes } from './resources/study-materials/routes.ts';
import { liveClassRoutes } from './resources/live-classes/routes.ts';
import { newsRoutes } from './resources/news/routes.ts';
import { learningRoutes } from './resources/learning/routes.ts';
import { quizRoutes } from './resources/quizzes/routes.ts';
import { registrationRoutes } from './resources/registration/routes.ts';
import { pushRoutes } from './resources/push/routes.ts';
import { downloadRoutes } from './resources/downloads/routes.ts';

/** Every resource of the contract, under the API base path. */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(authRoutes);
  await app.register(registrationRoutes);
  await app.register(profileRoutes);
  await app.register(subjectRoutes);
  await app.register(studyMaterialRoutes);
  await app.register(liveClassRoutes);
  await app.register(newsRoutes);
  await app.register(learningRoutes);
  await app.register(quizRoutes);
  await app.register(pushRoutes);
  await app.register(downloadRoutes);
}
