import { Link } from 'wouter';
import { Page } from './page.tsx';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p className="py-12 text-center">
        This page does not exist.{' '}
        <Link href="/" className="font-semibold text-blue-700 underline">
          Go to Home
        </Link>
      </p>
    </Page>
  );
}
