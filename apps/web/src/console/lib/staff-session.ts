import type { StaffMember } from '@portal/contract/console';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface StaffSessionState {
  staff: StaffMember | null;
  token: string | null;
  signIn: (staff: StaffMember, token: string) => void;
  /** The server's newer view of the signed-in member (role changed, renamed). */
  refresh: (staff: StaffMember) => void;
  signOut: () => void;
}

/** The console's sign-in, kept apart from the student app's (`userData`): both may be open in one browser. */
export const useStaffSession = create<StaffSessionState>()(
  persist(
    (set) => ({
      staff: null,
      token: null,
      signIn: (staff, token) => set({ staff, token }),
      refresh: (staff) => set({ staff }),
      signOut: () => set({ staff: null, token: null }),
    }),
    { name: 'consoleSession', version: 1 },
  ),
);
