import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeRequest, fakeRequests } from '../../../../test/fake-request.ts';
import ContentImportPage from './content-import-page.tsx';

fakeRequests();

const zipBytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
// jsdom's File has no arrayBuffer(); a browser's has, and the page reads the chosen file with it.
const fileOf = (bytes: Uint8Array<ArrayBuffer>) =>
  Object.assign(new File([bytes], 'course.zip', { type: 'application/zip' }), {
    arrayBuffer: async () => bytes.slice().buffer,
  });
const choose = (bytes: Uint8Array<ArrayBuffer>) =>
  fireEvent.change(screen.getByLabelText('Zip file'), { target: { files: [fileOf(bytes)] } });
const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ContentImportPage />
    </QueryClientProvider>,
  );

describe('the console: importing a course', () => {
  it("sends the zip's bytes as they are, shows the upload's progress, and stops it on Stop", async () => {
    renderPage();
    choose(zipBytes);
    await vi.waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    const [request] = FakeRequest.sent;
    expect(request!.url).toMatch(/\/Content\/import_preview$/);
    expect(request!.headers['Content-Type']).toBe('application/zip');
    expect(request!.body).toEqual(zipBytes);

    request!.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 7 });
    expect(await screen.findByText('Checking course.zip: uploading 43%')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The upload was stopped; nothing was stored.'),
    );
  });

  it("shows the server's report, and commits the same bytes", async () => {
    renderPage();
    choose(zipBytes);
    await vi.waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    FakeRequest.sent[0]!.answer(200, {
      status: true,
      message: 'Would import: 1 new, 0 updated, 0 unchanged.',
      data: { problems: [], counts: { new: 1, updated: 0, unchanged: 0 } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Commit the pack' }));
    await vi.waitFor(() => expect(FakeRequest.sent).toHaveLength(2));
    expect(FakeRequest.sent[1]!.url).toMatch(/\/Content\/import_commit$/);
    expect(FakeRequest.sent[1]!.body).toEqual(zipBytes);
  });

  it('refuses a file that is not a zip by its first bytes before sending anything', async () => {
    renderPage();
    choose(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
    // The alert is always on the page (empty until there is a problem), so wait for its text, not for the element.
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('course.zip is not a zip file.'));
    expect(FakeRequest.sent).toEqual([]);
  });
});
