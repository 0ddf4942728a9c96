import { MenuItem } from '@headlessui/react';
import { useChatLink } from './get-chat-link.ts';
import { t } from '../../i18n/language.ts';

/** 'Chat with us': the institute's chat in a new tab; not choosable until its link has arrived. */
export function ChatMenuItem({ className }: { className: string }) {
  const link = useChatLink();
  if (!link.data) {
    return (
      <MenuItem disabled>
        <span className={className}>{link.isPending ? t('Chat with us') : t('Chat with us (unavailable)')}</span>
      </MenuItem>
    );
  }
  return (
    <MenuItem>
      <a href={link.data} target="_blank" rel="noopener noreferrer" className={className}>
        {t('Chat with us')}
        <span className="sr-only"> {t('(opens in a new tab)')}</span>
      </a>
    </MenuItem>
  );
}
