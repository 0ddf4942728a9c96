import type { RegistrationRequest } from '@portal/contract/console';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, openConsole } from '../../../../test/console-fixtures.tsx';
import { ok, refused } from '../../../../test/mock-api.ts';

const request: RegistrationRequest = {
  request_id: 12,
  name: 'Kavya Menon',
  guardian: 'Suresh Menon',
  state: 'Kerala',
  district: 'Kochi',
  email: '',
  mobile: '+919988776655',
  academic_level: 'Class 11',
  requested_at: '2026-11-23T18:00:00Z',
};
const subjects = [
  { subject_id: 1, name: 'Physics' },
  { subject_id: 2, name: 'Chemistry' },
];
const batches = [{ batch_id: 5, name: 'Chemistry Evening', subject_id: 2 }];

describe('registration requests in the console', () => {
  it('shows the waiting count in the navigation and approves a request with the chosen subjects', {
    timeout: 20_000,
  }, async () => {
    let decided = false;
    const { calls, user } = openConsole('/console/registrations', {
      as: admin,
      api: {
        '/Registrations/list': () =>
          ok({ requests: decided ? [] : [request], pending: decided ? 0 : 1, subjects, batches }),
        '/Registrations/approve': () => {
          decided = true;
          return ok(
            { student_id: 40, sms_sent: true },
            'Kavya Menon is now a student. They got an SMS: they can sign in now.',
          );
        },
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    expect(await within(nav).findByRole('link', { name: /^Registrations\s*1\s*waiting$/ })).toBeInTheDocument();

    const card = await screen.findByRole('article', { name: 'Kavya Menon' });
    expect(within(card).getByText('+919988776655')).toBeInTheDocument();
    // Asked at 18:00 UTC: 11:30 pm in the institute's time zone (Asia/Kolkata), whatever the computer's zone.
    expect(within(card).getByText('23 Nov 2026, 11:30 pm')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Approve Kavya Menon' }));
    expect(within(card).getByText('Choose at least one subject.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/approve'))).toEqual([]);

    await user.click(within(card).getByRole('checkbox', { name: 'Physics' }));
    await user.click(within(card).getByRole('button', { name: 'Approve Kavya Menon' }));
    expect(
      await screen.findByText('Kavya Menon is now a student. They got an SMS: they can sign in now.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/approve'))?.body).toEqual({
      request_id: 12,
      subject_ids: [1],
      batch_ids: [],
    });
    expect(await screen.findByText('No requests are waiting.')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /^Registrations\s*$/ })).toBeInTheDocument();
  });

  it('approves into a chosen batch, whose subject is chosen with it', async () => {
    const { calls, user } = openConsole('/console/registrations', {
      as: admin,
      api: {
        '/Registrations/list': () => ok({ requests: [request], pending: 1, subjects, batches }),
        '/Registrations/approve': () => ok({ student_id: 40, sms_sent: true }, 'Kavya Menon is now a student.'),
      },
    });
    const card = await screen.findByRole('article', { name: 'Kavya Menon' });
    await user.click(within(card).getByRole('checkbox', { name: 'Chemistry Evening' }));
    expect(within(card).getByRole('checkbox', { name: 'Chemistry' })).toBeChecked();
    await user.click(within(card).getByRole('button', { name: 'Approve Kavya Menon' }));
    expect(await screen.findByText('Kavya Menon is now a student.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/approve'))?.body).toEqual({
      request_id: 12,
      subject_ids: [2],
      batch_ids: [5],
    });
  });

  it('rejects with a reason, and asks for one first', async () => {
    const { calls, user } = openConsole('/console/registrations', {
      as: admin,
      api: {
        '/Registrations/list': () => ok({ requests: [request], pending: 1, subjects, batches }),
        '/Registrations/reject': () =>
          ok({ sms_sent: true }, "Kavya Menon's request was rejected. They got the reason by SMS."),
      },
    });
    const card = await screen.findByRole('article', { name: 'Kavya Menon' });
    await user.click(within(card).getByRole('button', { name: 'Reject…' }));
    await user.click(within(card).getByRole('button', { name: 'Reject Kavya Menon' }));
    expect(within(card).getByLabelText('Reason (sent to the student by SMS)')).toHaveAccessibleDescription(
      'Write the reason: the student gets it by SMS.',
    );
    await user.type(within(card).getByLabelText('Reason (sent to the student by SMS)'), 'The batch is full.');
    await user.click(within(card).getByRole('button', { name: 'Reject Kavya Menon' }));
    expect(
      await screen.findByText("Kavya Menon's request was rejected. They got the reason by SMS."),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/reject'))?.body).toEqual({
      request_id: 12,
      reason: 'The batch is full.',
    });
  });

  it("shows the server's refusal, e.g. a number that became a student meanwhile", async () => {
    const { user } = openConsole('/console/registrations', {
      as: admin,
      api: {
        '/Registrations/list': () => ok({ requests: [request], pending: 1, subjects, batches }),
        '/Registrations/approve': () =>
          refused(
            409,
            'request_id: +919988776655 already belongs to the student Kavya M; reject this request instead.',
          ),
      },
    });
    const card = await screen.findByRole('article', { name: 'Kavya Menon' });
    await user.click(within(card).getByRole('checkbox', { name: 'Chemistry' }));
    await user.click(within(card).getByRole('button', { name: 'Approve Kavya Menon' }));
    expect(
      await screen.findByText('+919988776655 already belongs to the student Kavya M; reject this request instead.'),
    ).toBeInTheDocument();
  });

  it('says when nothing waits, and when the list cannot be loaded', async () => {
    openConsole('/console/registrations', {
      as: admin,
      api: {
        '/Registrations/list': () => ok({ requests: [], pending: 0, subjects, batches }),
      },
    });
    expect(await screen.findByText('No requests are waiting.')).toBeInTheDocument();
  });

  it('offers a retry when the list fails', async () => {
    openConsole('/console/registrations', {
      as: admin,
      api: {
        '/Registrations/list': () => refused(500, 'Something broke'),
      },
    });
    expect(await screen.findByText('Something broke')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
