import type { SmsSender } from './sms-sender.ts';

export interface HttpSenderOptions {
  url: string;
  token?: string | undefined;
  sender: string;
  timeoutMs: number;
}

/** A real SMS gateway: POSTs `{to, text, sender}` as JSON; any answer outside 2xx is a failure. */
export function httpSender({ url, token, sender, timeoutMs }: HttpSenderOptions): SmsSender {
  return {
    async send(to, text) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to, text, sender }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Drain the body so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
