import { useParams } from 'wouter';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { TileList } from '../../components/tile-list.tsx';
import { numericParam } from '../../lib/route-params.ts';
import { useBatches } from './api/get-batches.ts';
import { t } from '../../i18n/language.ts';

export default function BatchesPage() {
  const subjectId = numericParam(useParams<{ subId: string }>().subId);
  const batches = useBatches(subjectId);
  return (
    <Page title={t('Live Classes')} subtitle={t('Choose batch')}>
      <QueryView query={batches}>
        {(list) => (
          <TileList
            label={t('Batches')}
            items={list.map((b) => ({
              key: b.batch_id,
              title: b.batch_name,
              href: `/live-classes/${subjectId}/${b.batch_id}`,
            }))}
          />
        )}
      </QueryView>
    </Page>
  );
}
