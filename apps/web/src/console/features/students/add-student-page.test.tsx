import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, openConsole } from '../../../../test/console-fixtures.tsx';
import { ok, refused } from '../../../../test/mock-api.ts';

const choices = {
  subjects: [
    { id: 1, name: 'Physics' },
    { id: 2, name: 'Chemistry' },
  ],
  batches: [{ id: 7, name: 'Physics Morning', subject_id: 1 }],
};
const added = {
  stud_id: 41,
  name: 'Asha Rao',
  guardian: '',
  email: '',
  state: '',
  district: '',
  academic_level: '',
  mobile: '+919829022222',
  active: true,
  subject_ids: [1],
  batch_ids: [7],
};

describe('adding a walk-in student in the console', () => {
  it('is filled in from the keyboard, says under the field what is missing, and enrols in a batch with its subject', {
    timeout: 20_000,
  }, async () => {
    const { calls, user } = openConsole('/console/students/new', {
      as: admin,
      api: {
        '/Students/enrolment_choices': () => ok(choices),
        '/Students/add': () => ok(added, 'Asha Rao is now a student.'),
        '/Students/get': () => ok({ student: added, ...choices }),
        '/Students/list': () => ok({ students: [], next: null }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Add a student' });
    await within(form).findByRole('checkbox', { name: 'Physics Morning' });
    await user.click(within(form).getByRole('button', { name: 'Add student' }));
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription('Enter the name.');
    expect(within(form).getByLabelText('Mobile number')).toHaveAccessibleDescription(
      expect.stringContaining('Enter the mobile number.'),
    );
    expect(calls.filter((c) => c.path.endsWith('/Students/add'))).toEqual([]);

    await user.click(within(form).getByLabelText('Name'));
    await user.keyboard('Asha Rao');
    await user.tab();
    expect(within(form).getByLabelText('Mobile number')).toHaveFocus();
    await user.keyboard('098290 22222');
    await user.click(within(form).getByRole('checkbox', { name: 'Physics Morning' }));
    expect(within(form).getByRole('checkbox', { name: 'Physics' })).toBeChecked();
    within(form).getByLabelText('Name').focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Asha Rao is now a student.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/Students/add'))?.body).toEqual({
      name: 'Asha Rao',
      mobile: '098290 22222',
      guardian: '',
      email: '',
      state: '',
      district: '',
      academic_level: '',
      subject_ids: [1],
      batch_ids: [7],
    });
    await screen.findByRole('heading', { name: 'Asha Rao' });
    expect(window.location.search).toBe('?id=41');
  });

  it("puts the server's refusal of a number under the mobile field", async () => {
    const { user } = openConsole('/console/students/new', {
      as: admin,
      api: {
        '/Students/enrolment_choices': () => ok(choices),
        '/Students/add': () =>
          refused(409, 'mobile: +919876543210 is already the number of Arjun Sharma.', {
            code: 'already_student',
            field: 'mobile',
          }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Add a student' });
    await user.type(within(form).getByLabelText('Name'), 'Someone Else');
    await user.type(within(form).getByLabelText('Mobile number'), '+91 98765 43210');
    await user.click(within(form).getByRole('button', { name: 'Add student' }));
    await screen.findByText(/already the number of Arjun Sharma/);
    expect(within(form).getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Mobile number')).toHaveAccessibleDescription(
      expect.stringContaining('+919876543210 is already the number of Arjun Sharma.'),
    );
    // One column on a phone (360 px), two from the small breakpoint on; the button spans the width there.
    expect(within(form).getByRole('group', { name: 'Details' })).toHaveClass('grid', 'sm:grid-cols-2');
    expect(within(form).getByRole('button', { name: 'Add student' })).toHaveClass('w-full', 'sm:w-auto');
  });

  it("says the server's refusal of an email under the email field, as one sentence", async () => {
    const { user } = openConsole('/console/students/new', {
      as: admin,
      api: {
        '/Students/enrolment_choices': () => ok(choices),
        '/Students/add': () =>
          refused(400, 'email: email is not an email address', { code: 'invalid_field', field: 'email' }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Add a student' });
    await user.type(within(form).getByLabelText('Name'), 'Asha Rao');
    await user.type(within(form).getByLabelText('Mobile number'), '98290 22222');
    await user.type(within(form).getByLabelText('Email'), 'asha@');
    await user.click(within(form).getByRole('button', { name: 'Add student' }));
    expect(await within(form).findByText('Email is not an email address.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription('Email is not an email address.');
  });

  it('is offered on the roster to admins', async () => {
    openConsole('/console/students', {
      as: admin,
      api: { '/Students/list': () => ok({ students: [], next: null }) },
    });
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Add a student' })).toHaveAttribute(
      'href',
      '/console/students/new',
    );
  });
});
