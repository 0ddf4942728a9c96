import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../../test/render-app.tsx';

const profile = {
  ...demoStudent,
  name: 'Arjun Sharma',
  guardian: 'Sunita Sharma',
  state: 'Maharashtra',
  district: 'Pune',
  email: 'arjun@example.org',
  mobile: '9876543210',
  phone_code: '91',
  academic_level: 'Class 11 (Science)',
};

/** The term/definition pairs as a student reads them. */
const fields = () =>
  Object.fromEntries(
    screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('Profile', () => {
  it("shows the student's profile from the server, read-only", async () => {
    const calls = mockApi({ '/Student/get_profile': () => ok(profile, 'Profile') });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(await screen.findByText('Selected academic level: Class 11 (Science)')).toBeInTheDocument();
    expect(fields()).toEqual({
      Name: 'Arjun Sharma',
      'Father/Mother Name': 'Sunita Sharma',
      State: 'Maharashtra',
      District: 'Pune',
      Email: 'arjun@example.org',
      Mobile: '+91 9876543210',
    });
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/Student/'))).toEqual([
      { method: 'POST', path: '/Student/get_profile', body: { stud_id: demoStudent.stud_id }, token: 'test-token' },
    ]);
  });

  it('marks a field the student has not filled in rather than leaving a gap', async () => {
    mockApi({ '/Student/get_profile': () => ok({ ...profile, email: '' }) });
    renderApp('/profile');
    await screen.findByText(/Selected academic level/);
    expect(fields().Email).toBe('Not given');
  });

  it("reads 'Loading...' until the profile arrives", async () => {
    mockApi({ '/Student/get_profile': () => new Promise(() => undefined) });
    renderApp('/profile');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
  });
});
