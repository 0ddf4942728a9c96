import type { Student } from '@portal/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';
import { App } from '../src/app/app.tsx';
import { useSession } from '../src/lib/session-store.ts';

export const demoStudent: Student = {
  stud_id: 7,
  name: 'Arjun Sharma',
  guardian: 'Rakesh Sharma',
  state: 'Karnataka',
  district: 'Bengaluru Urban',
  email: 'arjun.sharma@example.com',
  mobile: '9876543210',
  phone_code: '91',
  academic_level: 'Class 12',
  profile: { name: 'Arjun Sharma' },
};

/**
 * Renders the whole app (guards, providers, lazy routes, toaster) at `path`, signed in as `student`
 * or signed out with `null`. Answers of the API come from `mockApi` (test/mock-api.ts).
 */
export function renderApp(path: string, student: Student | null = demoStudent) {
  useSession.setState({ user: student, token: student ? 'test-token' : null, otpRef: null, liveClass: null });
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  return { user, ...render(<App />) };
}

/** Makes the screen medium or wider (`true`) or small, as the CSS breakpoint `md` sees it. */
export function setWideScreen(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  // Toasts and the screen size live outside React; each test starts without them.
  toast.remove();
  vi.unstubAllGlobals();
});
