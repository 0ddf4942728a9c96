import { Link } from 'wouter';
import { Page } from '../../components/layout/page.tsx';
import { useSession } from '../../lib/session-store.ts';
import { LiveClassCard } from './live-class-card.tsx';
import { useNow } from './use-now.ts';
import { t } from '../../i18n/language.ts';

const linkClass = 'font-semibold text-blue-700 underline underline-offset-2';

/** The current live class chosen on /live-classes; it is not saved, so a reload asks to choose again (spec section 3). */
export default function LivePage() {
  const liveClass = useSession((s) => s.liveClass);
  const now = useNow();
  return (
    <Page title={t('Live Class')} subtitle={t('Join')}>
      {liveClass ? (
        <div className="mx-auto flex max-w-xl flex-col gap-4">
          <LiveClassCard liveClass={liveClass} now={now} />
          <Link href={`/live-classes/${liveClass.subject_id}/${liveClass.batch_id}`} className={linkClass}>
            <span aria-hidden="true">‹ </span>
            {t('All classes of {batch}', { batch: liveClass.batch_name })}
          </Link>
        </div>
      ) : (
        <p className="flex min-h-48 flex-col items-center justify-center gap-2 text-center text-slate-700">
          {t('No live class is chosen yet.')}
          <Link href="/live-class" className={linkClass}>
            {t('Choose a live class')}
          </Link>
        </p>
      )}
    </Page>
  );
}
