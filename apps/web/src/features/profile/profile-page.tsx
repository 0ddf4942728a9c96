import { lazy, Suspense } from 'react';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { useProfile } from './api/get-profile.ts';
import { t } from '../../i18n/language.ts';

// Its own chunk, fetched once the profile is on screen: push code never weighs on a first load. Offline, when the
// chunk cannot come, the profile shows without it.
const RemindersOptIn = lazy(() => import('./reminders-opt-in.tsx').catch(() => ({ default: () => null })));

export default function ProfilePage() {
  const profile = useProfile();
  return (
    <Page title={t('My Profile')}>
      <QueryView query={profile} isEmpty={() => false}>
        {(student) => (
          <section className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <dl className="flex flex-col gap-4 sm:gap-3">
              <Field label={t('Name')} value={student.name} />
              <Field label={t('Father/Mother Name')} value={student.guardian} />
              <Field label={t('State')} value={student.state} />
              <Field label={t('District')} value={student.district} />
              <Field label={t('Email')} value={student.email} />
              <Field label={t('Mobile')} value={`+${student.phone_code} ${student.mobile}`} />
            </dl>
            <p className="mt-6 border-t border-slate-200 pt-4 font-medium">
              {t('Selected academic level: {level}', { level: student.academic_level })}
            </p>
          </section>
        )}
      </QueryView>
      <Suspense fallback={null}>
        <RemindersOptIn />
      </Suspense>
    </Page>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:gap-6">
      <dt className="text-sm font-medium text-slate-600 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 break-words">{value || t('Not given')}</dd>
    </div>
  );
}
