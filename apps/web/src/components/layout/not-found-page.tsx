import { Link } from 'wouter';
import { Page } from './page.tsx';
import { t } from '../../i18n/language.ts';

export function NotFoundPage() {
  return (
    <Page title={t('Page not found')}>
      <p className="py-12 text-center">
        {t('This page does not exist.')}{' '}
        <Link href="/" className="font-semibold text-blue-700 underline">
          {t('Go to Home')}
        </Link>
      </p>
    </Page>
  );
}
