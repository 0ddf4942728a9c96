import type { LiveClass } from '@portal/contract';
import { Link, useParams } from 'wouter';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { numericParam } from '../../lib/route-params.ts';
import { useSession } from '../../lib/session-store.ts';
import { useLiveClasses } from './api/get-live-classes.ts';
import { classTiming, sortForStudent } from './class-timing.ts';
import { LiveClassCard } from './live-class-card.tsx';
import { useNow } from './use-now.ts';
import { t } from '../../i18n/language.ts';

export default function LiveClassesPage() {
  const params = useParams<{ subId: string; bId: string }>();
  const classes = useLiveClasses(numericParam(params.subId), numericParam(params.bId));
  const setLiveClass = useSession((s) => s.setLiveClass);
  const now = useNow();
  return (
    <Page title={t('Live Classes')} subtitle={t('Choose a live class')}>
      <QueryView query={classes}>
        {(list) => (
          <ul aria-label={t('Live classes')} className="grid grid-cols-1 gap-4 md:grid-cols-3">
            {sortForStudent(list, now).map((liveClass) => (
              <li key={liveClass.id}>
                <LiveClassCard liveClass={liveClass} now={now} onJoin={() => setLiveClass(liveClass)}>
                  {classTiming(liveClass, now).state === 'finished' ? null : (
                    <ClassPageLink liveClass={liveClass} choose={setLiveClass} />
                  )}
                </LiveClassCard>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Page>
  );
}

/** Makes the class the current one and opens /live, which waits for the join link to open. */
function ClassPageLink({ liveClass, choose }: { liveClass: LiveClass; choose: (c: LiveClass) => void }) {
  return (
    <Link
      href="/live"
      onClick={() => choose(liveClass)}
      className="inline-flex min-h-11 items-center text-sm font-semibold text-blue-700 underline-offset-2 hover:underline"
    >
      {t('Open class page')}
      <span className="sr-only">: {liveClass.class_name}</span>
    </Link>
  );
}
