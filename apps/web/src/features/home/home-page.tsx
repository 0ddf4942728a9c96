import { Page } from '../../components/layout/page.tsx';
import { useSession } from '../../lib/session-store.ts';
import { HomeTile, type Tile } from './home-tile.tsx';

const tiles: Tile[] = [
  { title: 'Live Class', subtitle: 'Join your batch online', href: '/live-class', icon: 'live' },
  { title: 'My Class', subtitle: 'Subjects, chapters and videos', href: '/subjects', icon: 'book' },
  { title: 'Study Materials', subtitle: 'Notes and PDFs', href: '/study-materials-subjects', icon: 'document' },
  { title: 'Quiz', subtitle: 'Test yourself, see reports', href: '/quiz/subjects', icon: 'quiz' },
  { title: 'Watch History', subtitle: 'Pick up where you stopped', href: '/history', icon: 'history' },
  { title: 'My Profile', href: '/profile', icon: 'person' },
];

export default function HomePage() {
  const name = useSession((s) => s.user?.name ?? '');
  return (
    <Page title="Home">
      <h2 className="mb-5 text-xl font-semibold">Welcome, {name}</h2>
      <ul aria-label="Shortcuts" className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.title}>
            <HomeTile tile={tile} />
          </li>
        ))}
      </ul>
    </Page>
  );
}
