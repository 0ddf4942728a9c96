import type { LiveClass, Student } from '@portal/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, SESSION_STORAGE_VERSION, useSession } from './session-store.ts';

const student: Student = {
  stud_id: 7,
  name: 'Arjun Sharma',
  guardian: 'Ramesh Sharma',
  state: 'Kerala',
  district: 'Ernakulam',
  email: 'arjun@example.com',
  mobile: '9876543210',
  phone_code: '91',
  academic_level: 'Class 11',
  profile: { name: 'Arjun Sharma' },
};
const liveClass = {
  batch_name: 'Morning',
  class_name: 'Vectors',
  tutor_name: 'Asha',
  online_url: 'https://meet.example/x',
} as LiveClass;

const stored = () => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');

beforeEach(() => {
  useSession.setState({ user: null, token: null, otpRef: null, liveClass: null });
  localStorage.clear();
});

describe('the session store', () => {
  it("saves only the user and the token under 'userData', with its version", () => {
    useSession.getState().setOtpRef('ref-123');
    useSession.getState().setLiveClass(liveClass);
    useSession.getState().signIn(student, 'token-abc');
    expect(stored()).toEqual({ state: { user: student, token: 'token-abc' }, version: SESSION_STORAGE_VERSION });
  });

  it('restores a stored session of its own version', async () => {
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ state: { user: student, token: 'token-abc' }, version: SESSION_STORAGE_VERSION }),
    );
    await useSession.persist.rehydrate();
    expect(useSession.getState()).toMatchObject({ user: student, token: 'token-abc' });
  });

  it('discards a stored session of another version, with a console error', async () => {
    const error = vi.mocked(console.error).mockImplementation(() => undefined);
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ state: { user: student, token: 'old-token' }, version: SESSION_STORAGE_VERSION + 1 }),
    );
    await useSession.persist.rehydrate();
    expect(useSession.getState()).toMatchObject({ user: null, token: null });
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('signs out by clearing user, token and code reference', () => {
    useSession.getState().signIn(student, 'token-abc');
    useSession.getState().setOtpRef('ref-123');
    useSession.getState().setLiveClass(liveClass);
    useSession.getState().removeUser();
    expect(useSession.getState()).toMatchObject({ user: null, token: null, otpRef: null });
    expect(stored().state).toEqual({ user: null, token: null });
  });

  it('changes only its own field when the token, code reference or live class is set', () => {
    useSession.getState().signIn(student, 'token-abc');
    useSession.getState().setOtpRef('ref-123');
    expect(useSession.getState()).toMatchObject({
      user: student,
      token: 'token-abc',
      otpRef: 'ref-123',
      liveClass: null,
    });
    useSession.getState().setToken('token-new');
    expect(useSession.getState()).toMatchObject({
      user: student,
      token: 'token-new',
      otpRef: 'ref-123',
      liveClass: null,
    });
    useSession.getState().setLiveClass(liveClass);
    expect(useSession.getState()).toMatchObject({ user: student, token: 'token-new', otpRef: 'ref-123', liveClass });
  });
});
