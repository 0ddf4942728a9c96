import type { LiveClass, Student } from '@portal/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { clearPrivateData } from './private-data.ts';

interface SessionState {
  user: Student | null;
  token: string | null;
  /** Reference of the code step; not saved. */
  otpRef: string | null;
  /** The live class chosen for /live; not saved. */
  liveClass: LiveClass | null;
  signIn: (user: Student, token: string) => void;
  setToken: (token: string | null) => void;
  setOtpRef: (otpRef: string | null) => void;
  setLiveClass: (liveClass: LiveClass | null) => void;
  /** Why the last session ended, when the server ended it (shown once on /login); not saved. */
  signedOutBecause: string | null;
  /** Signs out: clears user, token and otpRef; `because` is the server's reason when it ended the session. */
  removeUser: (because?: string) => void;
}

/** Bump when the saved shape changes; a stored state of another version is discarded (spec section 4). */
export const SESSION_STORAGE_VERSION = 1;
export const SESSION_STORAGE_KEY = 'userData';

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      token: null,
      otpRef: null,
      liveClass: null,
      signedOutBecause: null,
      signIn: (user, token) => set({ user, token, signedOutBecause: null }),
      setToken: (token) => set({ token }),
      setOtpRef: (otpRef) => set({ otpRef }),
      setLiveClass: (liveClass) => set({ liveClass }),
      removeUser: (because) => set({ user: null, token: null, otpRef: null, signedOutBecause: because ?? null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: SESSION_STORAGE_VERSION,
      partialize: ({ user, token }) => ({ user, token }),
    },
  ),
);

/** The signed-in student's id; screens render only behind the guard, where it is set. */
export const useStudentId = () => useSession((s) => s.user?.stud_id ?? 0);

// When a session ends (Logout, a refused token) or another takes its place, the saved answers, queued actions
// and cached pictures of the previous student go with it.
useSession.subscribe((state, previous) => {
  if (previous.token && state.token !== previous.token) clearPrivateData();
});
