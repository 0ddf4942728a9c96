import type { ImportLine } from '@portal/contract/console';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ImportPreview } from './import-preview.tsx';

const lines: ImportLine[] = [
  { line: 2, status: 'new', name: 'Asha Rao', mobile: '+91 98765 11111', message: '', problems: [] },
  {
    line: 3,
    status: 'error',
    name: 'Ravi',
    mobile: '12345',
    message: 'Mobile "12345": The number is too short for India: a digit is missing.',
    problems: ['Mobile "12345": The number is too short for India: a digit is missing.'],
  },
  {
    line: 4,
    status: 'updated',
    name: 'Arjun Sharma',
    mobile: '+91 98765 43210',
    message: 'Changes guardian, subjects',
    problems: [],
  },
  { line: 6, status: 'unchanged', name: 'Meera Nair', mobile: '+91 91234 56780', message: '', problems: [] },
];
const counts = { new: 1, updated: 1, unchanged: 1, error: 1 };

const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the import preview', () => {
  it('opens on the errors, each with its line number as a spreadsheet shows it and the reason', () => {
    render(<ImportPreview lines={lines} counts={counts} />);
    expect(screen.getByText('1 new, 1 updated, 1 unchanged, 1 with an error.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Error (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(rows()).toEqual([
      ['3', 'Error', 'Ravi', '12345', 'Mobile "12345": The number is too short for India: a digit is missing.'],
    ]);
  });

  it('lists every problem of a line at once, and names the columns that are not imported', () => {
    const problems = [
      'Email "asha@" is not an email address.',
      'There is no subject "Astronomy".',
      'The same mobile number as line 2.',
    ];
    const several: ImportLine = {
      line: 7,
      status: 'error',
      name: 'Asha R.',
      mobile: '+91 98765 11111',
      message: problems.join(' '),
      problems,
    };
    render(
      <ImportPreview
        lines={[...lines, several]}
        counts={{ ...counts, error: 2 }}
        ignoredColumns={['Roll No', 'Date of Birth']}
      />,
    );
    expect(
      screen.getByText(
        'Not imported: Roll No, Date of Birth. The portal does not keep these columns; the rest of each line is read.',
      ),
    ).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /^7 Error Asha R\./ });
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(problems);
  });

  it('shows every line, or one kind, at the press of a filter', async () => {
    const user = userEvent.setup();
    render(<ImportPreview lines={lines} counts={counts} />);
    await user.click(screen.getByRole('button', { name: 'All (4)' }));
    expect(rows().map(([line, result]) => `${line} ${result}`)).toEqual([
      '2 New',
      '3 Error',
      '4 Updated',
      '6 Unchanged',
    ]);
    await user.click(screen.getByRole('button', { name: 'Updated (1)' }));
    expect(rows()).toEqual([['4', 'Updated', 'Arjun Sharma', '+91 98765 43210', 'Changes guardian, subjects']]);
  });

  it('opens on every line when there is no error, and says so when a kind has none', async () => {
    const user = userEvent.setup();
    const clean = lines.filter((l) => l.status !== 'error');
    render(<ImportPreview lines={clean} counts={{ ...counts, error: 0 }} />);
    expect(screen.getByRole('button', { name: 'All (3)' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Error (0)' }));
    expect(screen.getByText('No lines of this kind.')).toBeInTheDocument();
  });
});
