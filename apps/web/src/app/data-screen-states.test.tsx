import { getSubjects } from '@portal/contract';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { callApi } from '../lib/api-client.ts';
import { mockApi, ok, refused } from '../../test/mock-api.ts';
import { QueryView } from '../components/query-view.tsx';

/** A list screen in miniature, with the app's own query client, API client and toaster. */
function SubjectNames() {
  const subjects = useQuery({
    queryKey: ['subjects'],
    queryFn: async () => (await callApi(getSubjects, { stud_id: 7 })).data.data,
  });
  return (
    <QueryView query={subjects}>
      {(list) => (
        <ul aria-label="Subjects">
          {list.map((s) => (
            <li key={s.subject_id}>{s.subject_name}</li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

const renderScreen = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SubjectNames />
      <Toaster />
    </QueryClientProvider>,
  );

const subject = { subject_id: 1, subject_name: 'Physics', thumbnail: '/media/physics.webp' };

afterEach(() => {
  vi.useRealTimers();
  toast.remove();
});

describe('the states of a data screen (QueryView)', () => {
  it("reads 'Loading...' while the answer is on its way, then shows the data", async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => undefined;
    mockApi({ '/Student/subjects': () => new Promise((resolve) => (answer = resolve)) });
    renderScreen();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answer(ok({ data: [subject] }));
    expect(await screen.findByText('Physics')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it("reads 'No Data Available' for an empty list", async () => {
    mockApi({ '/Student/subjects': () => ok({ data: [] }) });
    renderScreen();
    expect(await screen.findByText('No Data Available')).toBeInTheDocument();
  });

  it("shows the server's message in an error toast and 'Something went wrong' on the page", async () => {
    const calls = mockApi({ '/Student/subjects': () => refused(404, 'This subject is not part of your enrolment.') });
    renderScreen();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(await screen.findByText('This subject is not part of your enrolment.')).toBeInTheDocument();
    // A refusal does not change on retry: asked once.
    expect(calls).toHaveLength(1);
  });

  it('retries a server failure 3 times, waiting 1, 2 and 4 seconds, before it shows the error', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = mockApi({ '/Student/subjects': () => refused(503, 'The server is busy.') });
    renderScreen();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(1);
    expect(await screen.findByText('The connection is slow: trying again (1 of 3)')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(3);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('The connection is slow: trying again (3 of 3)')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(4000);
    expect(calls).toHaveLength(4);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('The server is busy.')).toBeInTheDocument();
  });

  it("offers 'Try again' on the error page, which asks again and shows the data", async () => {
    let down = true;
    const calls = mockApi({
      '/Student/subjects': () => (down ? refused(404, 'Not found today.') : ok({ data: [subject] })),
    });
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    down = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByText('Physics')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('treats a network failure like a server failure and shows the network message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderScreen();
    await vi.advanceTimersByTimeAsync(8000);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText(/^Network problems happen/)).toBeInTheDocument();
    expect(globalThis.fetch).toHaveBeenCalledTimes(4);
  });
});
