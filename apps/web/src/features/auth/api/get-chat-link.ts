import { whatsappChat } from '@portal/contract/auth';
import { useEffect, useState } from 'react';
import { callApi } from '../../../lib/api-client.ts';

/** Only a web address may become a link. */
const webLink = (link: string) => (/^https?:\/\//i.test(link) ? link : null);

export const getChatLink = async () => webLink((await callApi(whatsappChat)).data.link);

/**
 * The institute's chat link once it has arrived; null until then or when it cannot be had
 * (no Query on /login: it must stay light, and a missing help link is not worth an error toast).
 */
export function useChatLink(): string | null {
  const [link, setLink] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    getChatLink().then(
      (value) => current && setLink(value),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return link;
}
