import { STUDENT_CSV_TEMPLATE } from '@portal/contract/console';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeRequest, fakeRequests } from '../../../../test/fake-request.ts';
import ImportPage from './import-page.tsx';

fakeRequests();

afterEach(() => vi.restoreAllMocks());

const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

describe('the console: importing students', () => {
  it('offers a template CSV to download, saved as UTF-8 with a byte-order mark so Excel keeps Hindi letters', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:template');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    let saved: { href: string; download: string } | undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = { href: this.href, download: this.download };
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ImportPage />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download a template (CSV)' }));

    expect(saved).toEqual({ href: 'blob:template', download: 'students-template.csv' });
    const bytes = await bytesOf(created.mock.calls[0]![0] as Blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3));
    expect(text).toBe(STUDENT_CSV_TEMPLATE);
    expect(text.split('\r\n')[0]).toBe('Name,Mobile,Guardian,Email,State,District,Academic level,Subjects,Batches');
    expect(text.split('\r\n')[1]).toMatch(/^Asha Rao,\+91 98765 11111,/);
  });

  it("shows the upload's progress and stops it on Stop, as the course import does", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ImportPage />
      </QueryClientProvider>,
    );
    const bytes = new TextEncoder().encode('Name,Mobile\r\nAsha Rao,+91 98765 11111\r\n');
    // jsdom's File has no arrayBuffer(); a browser's has, and the page reads the chosen file with it.
    const csv = Object.assign(new File([bytes], 'students.csv', { type: 'text/csv' }), {
      arrayBuffer: async () => bytes.slice().buffer,
    });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [csv] } });
    await vi.waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    FakeRequest.sent[0]!.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
    expect(await screen.findByText('Checking students.csv: uploading 25%')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The upload was stopped; nothing was stored.'),
    );
    expect(screen.getByLabelText('CSV file')).toBeEnabled();
  });
});
