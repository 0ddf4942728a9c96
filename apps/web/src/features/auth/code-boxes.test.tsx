import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CodeBoxes, emptyCode } from './code-boxes.tsx';

function Harness({ initial = emptyCode(4) }: { initial?: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <p id="prompt">Enter the code</p>
      <CodeBoxes value={value} onChange={setValue} labelledBy="prompt" />
    </>
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 4`) as HTMLInputElement;
const values = () => [1, 2, 3, 4].map((n) => box(n).value);

describe('the code boxes', () => {
  it('are four numeric boxes named for the student, the first offering the texted code', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Enter the code' })).toBeInTheDocument();
    expect(values()).toEqual(['', '', '', '']);
    expect(box(1)).toHaveAttribute('inputmode', 'numeric');
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('take one digit each and move forward as the student types', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('12');
    expect(values()).toEqual(['1', '2', '', '']);
    expect(box(3)).toHaveFocus();
    await user.keyboard('34');
    expect(values()).toEqual(['1', '2', '3', '4']);
    expect(box(4)).toHaveFocus();
  });

  it('refuse letters and signs', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.keyboard('a-. ');
    expect(values()).toEqual(['', '', '', '']);
    expect(box(1)).toHaveFocus();
  });

  it('replace the digit of a filled box', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['1', '2', '3', '4']} />);
    await user.click(box(2));
    await user.keyboard('9');
    expect(values()).toEqual(['1', '9', '3', '4']);
  });

  it('keep only the digits of a paste and fill the boxes with them', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box(1));
    await user.paste('Code: 12-3 4!');
    expect(values()).toEqual(['1', '2', '3', '4']);
  });

  it('fill from the box a shorter paste lands in', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['5', '', '', '']} />);
    await user.click(box(2));
    await user.paste('78');
    expect(values()).toEqual(['5', '7', '8', '']);
    expect(box(4)).toHaveFocus();
  });

  it('spread a code the phone autofills into the first box', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '4321' } });
    expect(values()).toEqual(['4', '3', '2', '1']);
  });

  it('clear on Backspace and move back, one digit per press', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['1', '2', '3', '4']} />);
    await user.click(box(4));
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '2', '3', '']);
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}{Backspace}');
    expect(values()).toEqual(['1', '', '', '']);
    expect(box(1)).toHaveFocus();
  });

  it('clear the box before an empty one on Backspace', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['1', '2', '', '']} />);
    await user.click(box(3));
    await user.keyboard('{Backspace}');
    expect(values()).toEqual(['1', '', '', '']);
    expect(box(2)).toHaveFocus();
  });

  it('move with the arrow keys, and stop at the ends', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['1', '2', '3', '4']} />);
    await user.click(box(2));
    await user.keyboard('{ArrowRight}');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(box(1)).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(box(4)).toHaveFocus();
    expect(values()).toEqual(['1', '2', '3', '4']);
  });
});
