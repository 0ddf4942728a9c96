/** Line icons for the Home tiles, drawn inline: no request, no font they depend on, same on every phone. */
const paths = {
  live: 'M3 7a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM16 10l5-3v10l-5-3',
  book: 'M12 6C10 4.5 7 4 4 4v14c3 0 6 .5 8 2 2-1.5 5-2 8-2V4c-3 0-6 .5-8 2zM12 6v14',
  document: 'M6 3h8l5 5v13H6zM14 3v5h5M9 13h7M9 17h7',
  quiz: 'M6 3h12a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8 9l1.5 1.5L12 8M8 15l1.5 1.5L12 14M14 9h3M14 15h3',
  history: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM10 8.5v7l6-3.5z',
  person: 'M12 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM4 21c0-4 3.6-7 8-7s8 3 8 7',
};

export type IconName = keyof typeof paths;

export function HomeIcon({ name }: { name: IconName }) {
  return (
    <svg
      aria-hidden="true"
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  );
}
