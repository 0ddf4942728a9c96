import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PackReport } from './pack-report.tsx';

describe('the content pack report', () => {
  it('lists every problem with its place and says nothing can be stored', () => {
    render(
      <PackReport
        problems={[
          { place: 'subjects[0].chapters[2].quizzes[0].questions[3]', message: 'answer 5 but only 4 options' },
          { place: 'news[0].picture', message: 'there is no file pictures/exam.png in the pack' },
        ]}
        counts={null}
      />,
    );
    expect(screen.getByRole('heading', { name: '2 problems: nothing can be stored' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'subjects[0].chapters[2].quizzes[0].questions[3]: answer 5 but only 4 options',
      'news[0].picture: there is no file pictures/exam.png in the pack',
    ]);
  });

  it('shows what committing would change when there is no problem', () => {
    render(<PackReport problems={[]} counts={{ new: 9, updated: 1, unchanged: 3 }} />);
    expect(screen.getByRole('heading', { name: 'The pack is ready to import' })).toBeInTheDocument();
    expect(screen.getByText('new').nextSibling).toHaveTextContent('9');
    expect(screen.getByText('updated').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('unchanged').nextSibling).toHaveTextContent('3');
  });
});
