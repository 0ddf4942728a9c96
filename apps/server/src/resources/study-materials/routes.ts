import type { FastifyInstance } from 'fastify';
import { getStudyMaterials, id } from '@portal/contract';
import { resolve, sep } from 'node:path';
import { materialsDir, sendPdf } from '../../media/index.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { authenticate } from '../../http/authenticate.ts';
import { defineRoute } from '../../http/define-route.ts';
import { findStudentMaterial, listReachableMaterials } from './material-repository.ts';

export async function studyMaterialRoutes(app: FastifyInstance) {
  // Not under media/, which is public: these files go only to students enrolled in their subject.
  const materialsRoot = materialsDir(app.config);
  defineRoute(app, getStudyMaterials, async ({ body, studentId }) => {
    const materials = await listReachableMaterials(
      app.db,
      studentId,
      body.sub_id,
      body.chapter_id,
      app.config.API_BASE,
    );
    if (!materials) throw notFound('That chapter');
    return { status: true, message: 'Study materials', data: materials };
  });

  // The file is found by its id in the database; the name in the address must match it but never names a path.
  app.get<{ Params: { id: string; name: string } }>('/materials/:id/:name', async (request, reply) => {
    const studentId = await authenticate(app.db, request);
    const materialId = id.safeParse(request.params.id);
    if (!materialId.success) throw new ApiError(400, 'That is not a material id.');
    const material = await findStudentMaterial(app.db, studentId, materialId.data);
    if (!material || material.file_name !== request.params.name) throw notFound('That material');
    const file = resolve(materialsRoot, material.file_name);
    if (!file.startsWith(materialsRoot.endsWith(sep) ? materialsRoot : materialsRoot + sep))
      throw notFound('That material');
    return sendPdf(request, reply, file, material.file_name);
  });
}
