import { type ReactNode, useEffect } from 'react';
import { Loader } from '../status-views.tsx';
import { Header } from './header.tsx';

/** The shell every signed-in screen shares: header (title, optional subtitle, user menu) and content. */
export function Page({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  useEffect(() => {
    document.title = subtitle ? `${title} · ${subtitle}` : title;
  }, [title, subtitle]);
  return <Shell header={<Header title={title} subtitle={subtitle} />}>{children}</Shell>;
}

/** While a screen's code is on its way: the header bar stays where it was, without a title yet. */
export function PageLoading() {
  return (
    <Shell header={<Header title="" />}>
      <Loader />
    </Shell>
  );
}

function Shell({ header, children }: { header: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      {header}
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}
