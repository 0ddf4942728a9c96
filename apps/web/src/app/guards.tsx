import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useSession } from '../lib/session-store.ts';

/** Signed out: every protected screen sends the student to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const signedIn = useSession((s) => s.user !== null && s.token !== null);
  return signedIn ? <>{children}</> : <Redirect to="/login" replace />;
}

/** Signed in: /login goes Home. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const signedIn = useSession((s) => s.user !== null && s.token !== null);
  return signedIn ? <Redirect to="/" replace /> : <>{children}</>;
}
