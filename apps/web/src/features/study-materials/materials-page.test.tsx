import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

// The real viewer needs pdf.js in a browser (end-to-end tests); here it only shows what it was given.
vi.mock('../../components/document-viewer/document-viewer.tsx', () => ({
  default: ({ url, title, onClose }: { url: string; title: string; onClose: () => void }) => (
    <section aria-label="viewer">
      <p>
        Viewing {title} from {url}
      </p>
      <button type="button" onClick={onClose}>
        ← Back
      </button>
    </section>
  ),
}));

const material = (id: number, title: string) => ({
  id,
  title,
  chapter_name: 'Units and Measurements',
  subject_name: 'Physics',
  path: `/console/micros/Api/materials/${id}/m${id}.pdf`,
});

function mockMaterials(list: ReturnType<typeof material>[]) {
  return mockApi({
    '/Student/subjects': () => ok({ data: [{ subject_id: 1, subject_name: 'Physics', thumbnail: '' }] }),
    '/Student/study_materials': () => ok(list),
  });
}

describe('study materials list', () => {
  it("shows the chapter's materials under 'Study Materials' and the subject's name", async () => {
    const calls = mockMaterials([material(3, 'Notes'), material(4, 'Handbook')]);
    renderApp('/study-materials/1/2');
    expect(await screen.findByRole('button', { name: /Notes/ })).toHaveTextContent('Units and Measurements');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Study Materials');
    expect(await screen.findByText('Physics')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/Student/study_materials')?.body).toEqual({
      stud_id: 7,
      sub_id: 1,
      chapter_id: 2,
    });
  });

  it('opens a material in the page with learning=true, and Back brings the list again', async () => {
    mockMaterials([material(3, 'Notes'), material(4, 'Handbook')]);
    const { user } = renderApp('/study-materials/1/2');
    await user.click(await screen.findByRole('button', { name: /Handbook/ }));

    expect(await screen.findByText('Viewing Handbook from /console/micros/Api/materials/4/m4.pdf')).toBeInTheDocument();
    expect(window.location.search).toBe('?learning=true');
    expect(screen.queryByRole('button', { name: /Notes/ })).not.toBeInTheDocument();

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(await screen.findByRole('button', { name: /Notes/ })).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(screen.queryByLabelText('viewer')).not.toBeInTheDocument();
  });

  it('shows the list and drops learning=true from an address with no chosen material (a link opened in a new tab)', async () => {
    mockMaterials([material(3, 'Notes')]);
    renderApp('/study-materials/1/2?learning=true');
    expect(await screen.findByRole('button', { name: /Notes/ })).toBeInTheDocument();
    expect(screen.queryByLabelText('viewer')).not.toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/study-materials/1/2');
  });

  it('says No Data Available for a chapter without materials', async () => {
    mockMaterials([]);
    renderApp('/study-materials/1/2');
    expect(await screen.findByText('No Data Available')).toBeInTheDocument();
  });
});
