import type { ReactNode } from 'react';
import { useChatLink } from './api/get-chat-link.ts';
import { t } from '../../i18n/language.ts';

/** A link to the institute's chat, in a new tab; its line keeps its height while the link loads. */
export function ChatLink({ children }: { children: ReactNode }) {
  const link = useChatLink();
  return (
    <p className="min-h-6 text-center text-sm">
      {link ? (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-blue-800 underline underline-offset-2"
        >
          {children}
          <span className="sr-only"> {t('(opens in a new tab)')}</span>
        </a>
      ) : null}
    </p>
  );
}
