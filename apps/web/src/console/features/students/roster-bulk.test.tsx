import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, openConsole, teacher } from '../../../../test/console-fixtures.tsx';
import { ok, refused } from '../../../../test/mock-api.ts';

const choices = {
  subjects: [
    { id: 1, name: 'Physics' },
    { id: 2, name: 'Chemistry' },
  ],
  batches: [
    { id: 7, name: 'Physics Morning', subject_id: 1 },
    { id: 8, name: 'Physics Evening', subject_id: 1 },
  ],
};
const student = (stud_id: number, name: string, subject_ids: number[], batch_ids: number[]) => ({
  stud_id,
  name,
  mobile: `+9198290${String(stud_id).padStart(5, '0')}`,
  academic_level: 'Class 11',
  active: true,
  subject_ids,
  batch_ids,
});
const roster = [
  student(1, 'Asha Rao', [1, 2], [7]),
  student(2, 'Bhavna Iyer', [1], [7]),
  student(3, 'Chetan Das', [], []),
];

function openRoster(as = admin, extra: Record<string, () => ReturnType<typeof ok>> = {}) {
  return openConsole('/console/students', {
    as,
    api: {
      '/Students/enrolment_choices': () => ok(choices),
      '/Students/list': () => ok({ students: roster, next: null }),
      '/Students/count': () => ok({ matching: 140, over_limit: false }),
      ...extra,
    },
  });
}

describe('the roster as a working list', () => {
  it('filters by batch, shows subjects and batches compactly, and moves two ticked students in one confirmed step', {
    timeout: 20_000,
  }, async () => {
    const { calls, user } = openRoster(admin, {
      '/Students/bulk_move': () => ok({ matched: 2, changed: 2 }, '2 students moved.'),
    });
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('Physics (Physics Morning); Chemistry')).toBeInTheDocument();
    expect(within(main).getByText('No subject')).toBeInTheDocument();

    await user.selectOptions(within(main).getByLabelText('Batch'), 'Physics Morning');
    expect(calls.filter((c) => c.path.endsWith('/Students/list')).at(-1)?.body).toEqual({
      status: 'all',
      batch_id: 7,
      limit: 50,
    });

    // By keyboard: tab to a row's box and tick it with the space bar.
    within(main).getByRole('checkbox', { name: 'Select Asha Rao' }).focus();
    await user.keyboard(' ');
    await user.click(within(main).getByRole('checkbox', { name: 'Select Bhavna Iyer' }));
    const bar = within(main).getByRole('region', { name: 'Selected students' });
    expect(within(bar).getByText('2 students selected')).toBeInTheDocument();
    expect(await within(bar).findByRole('button', { name: 'Select all 140 that match' })).toBeInTheDocument();

    await user.selectOptions(within(bar).getByLabelText('Action'), 'Move to a batch');
    await user.click(within(bar).getByRole('button', { name: 'Continue' }));
    expect(within(bar).getByText('Choose the batch.')).toBeInTheDocument();
    await user.selectOptions(within(bar).getByLabelText('Batch'), 'Physics Evening');
    await user.click(within(bar).getByRole('button', { name: 'Continue' }));
    const question = within(bar).getByRole('group', {
      name: "Move 2 students to the batch Physics Evening? They leave the subject's other batches.",
    });
    expect(calls.filter((c) => c.path.endsWith('/Students/bulk_move'))).toEqual([]);
    expect(within(question).getByRole('button', { name: 'Move 2 students' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await within(main).findByRole('status')).toHaveTextContent('2 students moved.');
    expect(calls.find((c) => c.path.endsWith('/Students/bulk_move'))?.body).toEqual({
      student_ids: [1, 2],
      batch_id: 8,
    });
    expect(within(main).queryByRole('region', { name: 'Selected students' })).toBeNull();
    // At 360 px the rows are cards (one column) and the bar's buttons span the width.
    expect(within(main).getAllByRole('listitem')[0]).toHaveClass(
      'grid',
      'sm:grid-cols-[minmax(8rem,1fr)_10rem_minmax(8rem,1fr)_6rem]',
    );
  });

  it('acts on all that match by sending the filter and the confirmed count, and shows a refusal', async () => {
    const { calls, user } = openRoster(admin, {
      '/Students/bulk_set_active': () =>
        refused(409, '141 students match now, not 140 as confirmed; nothing was changed.', { code: 'conflict' }),
    });
    const main = await screen.findByRole('main');
    await user.selectOptions(await within(main).findByLabelText('Subject'), 'Physics');
    await user.click(await within(main).findByLabelText('Select everyone on this page'));
    const bar = within(main).getByRole('region', { name: 'Selected students' });
    await user.click(await within(bar).findByRole('button', { name: 'Select all 140 that match' }));
    expect(within(bar).getByText('All 140 students that match are selected')).toBeInTheDocument();
    await user.selectOptions(within(bar).getByLabelText('Action'), 'Deactivate');
    await user.click(within(bar).getByRole('button', { name: 'Continue' }));
    await user.click(within(bar).getByRole('button', { name: 'Deactivate 140 students' }));
    expect(await within(main).findByRole('status')).toHaveTextContent('141 students match now, not 140');
    expect(calls.find((c) => c.path.endsWith('/Students/bulk_set_active'))?.body).toEqual({
      filter: { status: 'all', subject_id: 1 },
      expected: 140,
      active: false,
    });
  });

  it('messages the ticked students through the router state', async () => {
    const { user } = openRoster();
    const main = await screen.findByRole('main');
    await user.click(await within(main).findByRole('checkbox', { name: 'Select Bhavna Iyer' }));
    await user.click(within(main).getByRole('button', { name: 'Message 1 student' }));
    expect(window.location.pathname).toBe('/console/messages/new');
    expect(window.history.state).toEqual({ studentIds: [2] });
  });

  it('messages all of a batch by its id', async () => {
    const { user } = openRoster();
    const main = await screen.findByRole('main');
    await within(main).findByRole('link', { name: 'Asha Rao' });
    await user.selectOptions(await within(main).findByLabelText('Batch'), 'Physics Morning');
    await user.click(within(main).getByLabelText('Select everyone on this page'));
    await user.click(await within(main).findByRole('button', { name: 'Select all 140 that match' }));
    await user.click(within(main).getByRole('button', { name: 'Message this batch' }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/console/messages/new?batch=7');
  });

  it('messages all of a batch by its id when its subject was chosen first', async () => {
    const { user } = openRoster();
    const main = await screen.findByRole('main');
    await within(main).findByRole('link', { name: 'Asha Rao' });
    await user.selectOptions(await within(main).findByLabelText('Subject'), 'Physics');
    await user.selectOptions(within(main).getByLabelText('Batch'), 'Physics Evening');
    await user.click(within(main).getByLabelText('Select everyone on this page'));
    await user.click(await within(main).findByRole('button', { name: 'Select all 140 that match' }));
    await user.click(within(main).getByRole('button', { name: 'Message this batch' }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/console/messages/new?batch=8');
  });

  it('says how to message all that match a filter that is not one batch', async () => {
    const { user } = openRoster();
    const main = await screen.findByRole('main');
    await within(main).findByRole('link', { name: 'Asha Rao' });
    await user.selectOptions(await within(main).findByLabelText('Subject'), 'Physics');
    await user.click(within(main).getByLabelText('Select everyone on this page'));
    await user.click(await within(main).findByRole('button', { name: 'Select all 140 that match' }));
    expect(within(main).queryByRole('button', { name: /^Message / })).toBeNull();
    expect(
      within(main).getByText('To message everyone that matches, filter by one batch alone, or tick the students.'),
    ).toBeInTheDocument();
  });

  it('offers a teacher the filters but neither boxes nor bulk actions', async () => {
    openRoster(teacher);
    const main = await screen.findByRole('main');
    await within(main).findByRole('link', { name: 'Asha Rao' });
    expect(within(main).getByLabelText('Subject')).toBeInTheDocument();
    expect(within(main).queryAllByRole('checkbox')).toEqual([]);
  });
});
