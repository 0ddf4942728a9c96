import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session-store.ts';
import DocumentViewer from './document-viewer.tsx';
import { openPdf } from './pdfjs.ts';

// pdf.js itself needs a real browser (canvas, workers); the end-to-end tests cover it. Here a fake
// loading task drives the viewer through its states.
vi.mock('./pdfjs.ts', () => ({
  openPdf: vi.fn(),
  PasswordResponses: { NEED_PASSWORD: 1, INCORRECT_PASSWORD: 2 },
  ResponseException: class ResponseException extends Error {
    constructor(
      message: string,
      readonly status: number,
    ) {
      super(message);
    }
  },
}));
vi.mock('./pdf-pages.tsx', () => ({
  default: ({ pdf, fileName }: { pdf: { numPages: number }; fileName: string }) => (
    <p>
      Showing {fileName}, {pdf.numPages} pages
    </p>
  ),
}));

type PasswordCallback = (respond: (password: string) => void, reason: number) => void;
function fakeTask() {
  const task = {
    promise: undefined as unknown as Promise<unknown>,
    onPassword: null as PasswordCallback | null,
    destroy: vi.fn(async () => undefined),
    resolve: (_value: unknown) => {},
    reject: (_error: unknown) => {},
  };
  task.promise = new Promise((resolve, reject) => Object.assign(task, { resolve, reject }));
  vi.mocked(openPdf).mockReturnValue(task as never);
  return task;
}

const url = '/console/micros/Api/materials/7/practice-set.pdf';
const renderViewer = (onClose = vi.fn()) =>
  render(<DocumentViewer url={url} title="Practice Set 1" onClose={onClose} />);

beforeEach(() => {
  vi.mocked(openPdf).mockReset();
  useSession.setState({ token: 'session-token-for-tests-123' });
});

describe('DocumentViewer', () => {
  it('shows the loader while the document loads, fetching it with the session token', () => {
    fakeTask();
    renderViewer();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(openPdf).toHaveBeenCalledWith(url, 'session-token-for-tests-123', undefined);
  });

  it('shows the document once it is open', async () => {
    const task = fakeTask();
    renderViewer();
    await act(async () => task.resolve({ numPages: 124 }));
    expect(screen.getByText('Showing practice-set.pdf, 124 pages')).toBeInTheDocument();
  });

  it('asks for a password, says a wrong one is wrong, and opens with the right one (Enter submits)', async () => {
    const user = userEvent.setup();
    const task = fakeTask();
    const respond = vi.fn();
    renderViewer();

    act(() => task.onPassword?.(respond, 1));
    expect(screen.getByText('A password is required to open this document.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'guess{Enter}');
    expect(respond).toHaveBeenLastCalledWith('guess');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    act(() => task.onPassword?.(respond, 2));
    expect(screen.getByRole('alert')).toHaveTextContent('The password is wrong. Please try again.');
    const input = screen.getByLabelText('Password');
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    await user.type(input, 'portal123{Enter}');
    expect(respond).toHaveBeenLastCalledWith('portal123');

    await act(async () => task.resolve({ numPages: 2 }));
    expect(screen.getByText('Showing practice-set.pdf, 2 pages')).toBeInTheDocument();
  });

  it('says a second wrong password is wrong again, with an empty field', async () => {
    const user = userEvent.setup();
    const task = fakeTask();
    const respond = vi.fn();
    renderViewer();
    act(() => task.onPassword?.(respond, 2));
    await user.type(screen.getByLabelText('Password'), 'nope{Enter}');
    act(() => task.onPassword?.(respond, 2));
    expect(screen.getByRole('alert')).toHaveTextContent('try again');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it("shows the error's message when a document cannot be loaded", async () => {
    const task = fakeTask();
    renderViewer();
    await act(async () => task.reject(new Error('Invalid PDF structure.')));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Invalid PDF structure\.Try again$/);
  });

  it('says plainly that a server or network failure stopped the document, and opens it with Try again', async () => {
    const { ResponseException } = await import('./pdfjs.ts');
    const failed = fakeTask();
    const user = userEvent.setup();
    renderViewer();
    await act(async () =>
      failed.reject(
        new ResponseException(`Unexpected server response (500) while retrieving PDF "http://x/${url}".`, 500, false),
      ),
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Cannot load document: the server or the connection failed. Please try again.');
    expect(alert).not.toHaveTextContent('Unexpected server response');
    const again = fakeTask();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(openPdf).toHaveBeenCalledTimes(2);
    await act(async () => again.resolve({ numPages: 3 }));
    expect(screen.getByText('Showing practice-set.pdf, 3 pages')).toBeInTheDocument();
  });

  it("shows 'Cannot load document' for an error without a message", async () => {
    const task = fakeTask();
    renderViewer();
    await act(async () => task.reject(new Error('')));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Cannot load documentTry again$/);
  });

  it('explains a refused file instead of showing the raw server response', async () => {
    const { ResponseException } = await import('./pdfjs.ts');
    const task = fakeTask();
    renderViewer();
    await act(async () => task.reject(new ResponseException('Unexpected server response (404)', 404, false)));
    expect(screen.getByRole('alert')).toHaveTextContent('This document is not available to you.');
  });

  it('goes back to the list with the Back button and stops loading when closed', async () => {
    const task = fakeTask();
    const onClose = vi.fn();
    const { unmount } = renderViewer(onClose);
    await userEvent.click(screen.getByRole('button', { name: '← Back' }));
    expect(onClose).toHaveBeenCalledOnce();
    unmount();
    expect(task.destroy).toHaveBeenCalled();
  });
});
