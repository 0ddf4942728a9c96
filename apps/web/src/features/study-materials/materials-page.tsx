import { Suspense, useEffect } from 'react';
import { useParams } from 'wouter';
import { useSubjects } from '../../api/get-subjects.ts';
import { CardGrid } from '../../components/card-grid.tsx';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { Loader } from '../../components/status-views.tsx';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';
import { numericParam } from '../../lib/route-params.ts';
import { useStudyMaterials } from './api/get-study-materials.ts';
import { useOpenMaterial } from './use-open-material.ts';
import { t } from '../../i18n/language.ts';

// pdf.js arrives only when a document is opened (tried again as a screen's code is).
const DocumentViewer = preloadableLazy(() => import('../../components/document-viewer/document-viewer.tsx'));

export default function StudyMaterialsPage() {
  const params = useParams<{ subId: string; chapterId: string }>();
  const subjectId = numericParam(params.subId);
  const materials = useStudyMaterials(subjectId, numericParam(params.chapterId));
  const subjectName = useSubjects().data?.find((s) => s.subject_id === subjectId)?.subject_name;
  const { learning, materialId, open, close, dropLearning } = useOpenMaterial();
  const opened = materials.data?.find((m) => m.id === materialId);
  const stale = learning && (materialId === undefined || (materials.isSuccess && !opened));
  useEffect(() => {
    if (stale) dropLearning();
  }, [stale, dropLearning]);

  return (
    <Page title={t('Study Materials')} subtitle={subjectName ?? materials.data?.[0]?.subject_name}>
      {opened ? (
        <Suspense fallback={<Loader />}>
          <DocumentViewer key={opened.id} url={opened.path} title={opened.title} onClose={close} />
        </Suspense>
      ) : (
        <QueryView query={materials}>
          {(list) => (
            <CardGrid
              label={t('Study materials')}
              items={list.map((m) => ({
                key: m.id,
                title: m.title,
                details: <span className="text-sm text-slate-600">{m.chapter_name}</span>,
                onSelect: () => open(m.id),
              }))}
            />
          )}
        </QueryView>
      )}
    </Page>
  );
}
