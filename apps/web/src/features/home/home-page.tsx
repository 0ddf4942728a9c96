import { Page } from '../../components/layout/page.tsx';
import { useSession } from '../../lib/session-store.ts';
import { HomeTile, type Tile } from './home-tile.tsx';
import { msg, t } from '../../i18n/language.ts';

const tiles: Tile[] = [
  { title: msg('Live Class'), subtitle: msg('Join your batch online'), href: '/live-class', icon: 'live' },
  { title: msg('My Subjects'), subtitle: msg('Subjects, chapters and videos'), href: '/subjects', icon: 'book' },
  {
    title: msg('Study Materials'),
    subtitle: msg('Notes and PDFs'),
    href: '/study-materials-subjects',
    icon: 'document',
  },
  { title: msg('Quiz'), subtitle: msg('Test yourself, see reports'), href: '/quiz/subjects', icon: 'quiz' },
  { title: msg('Watch History'), subtitle: msg('Pick up where you stopped'), href: '/history', icon: 'history' },
  { title: msg('My Profile'), href: '/profile', icon: 'person' },
];

export default function HomePage() {
  const name = useSession((s) => s.user?.name ?? '');
  return (
    <Page title={t('Home')}>
      <h2 className="mb-5 text-xl font-semibold">{t('Welcome, {name}', { name })}</h2>
      <ul aria-label={t('Shortcuts')} className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.title}>
            <HomeTile tile={tile} />
          </li>
        ))}
      </ul>
    </Page>
  );
}
