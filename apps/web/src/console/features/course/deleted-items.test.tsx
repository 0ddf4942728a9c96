import type { DeletedItem } from '@portal/contract/console';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openConsole } from '../../../../test/console-fixtures.tsx';
import { ok, refused } from '../../../../test/mock-api.ts';

const topic: DeletedItem = {
  id: 31,
  name: 'Vectors again',
  subject_name: 'Physics',
  chapter_id: 4,
  chapter_name: 'Units and Measurements',
  deleted_at: '2026-11-23T18:00:00Z',
  kept: 3,
};
const quiz: DeletedItem = { ...topic, id: 8, name: 'Old quiz', kept: 1 };

describe('deleted topics and quizzes in the console', () => {
  it('lists each with where it was and what was kept, and restores one by keyboard', async () => {
    let restored = false;
    const { calls, user } = openConsole('/console/course/deleted', {
      api: {
        '/Topic/deleted': () => ok({ items: restored ? [] : [topic] }),
        '/Quiz/deleted': () => ok({ items: [quiz] }),
        '/Topic/restore': () => {
          restored = true;
          return ok(null, 'Vectors again is back in its chapter.');
        },
      },
    });
    const topics = await screen.findByRole('region', { name: 'Topics' });
    const item = (await within(topics).findByText('Vectors again')).closest('li')!;
    expect(item).toHaveTextContent(
      'Physics › Units and Measurements · deleted 23 Nov 2026, 11:30 pm · watched by 3 students',
    );
    const quizzes = screen.getByRole('region', { name: 'Quizzes' });
    expect(await within(quizzes).findByText(/1 attempt kept/)).toBeInTheDocument();

    within(topics).getByRole('button', { name: 'Restore Vectors again' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Vectors again is back in its chapter.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/Topic/restore'))?.body).toEqual({ id: 31 });
    expect(await within(topics).findByText('No deleted topics.')).toBeInTheDocument();
  });

  it("shows the server's refusal, e.g. when someone restored it first", async () => {
    const { user } = openConsole('/console/course/deleted', {
      api: {
        '/Topic/deleted': () => ok({ items: [] }),
        '/Quiz/deleted': () => ok({ items: [quiz] }),
        '/Quiz/restore': () =>
          refused(404, 'id: there is no deleted quiz with this id (it may be restored already).', {
            code: 'not_found',
            field: 'id',
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Restore Old quiz' }));
    expect(
      await screen.findByText('There is no deleted quiz with this id (it may be restored already).'),
    ).toBeInTheDocument();
  });

  it('is reached from the courses page', async () => {
    openConsole('/console/course', { api: { '/Course/subjects': () => ok({ subjects: [] }) } });
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Deleted items' })).toHaveAttribute(
      'href',
      '/console/course/deleted',
    );
  });
});
