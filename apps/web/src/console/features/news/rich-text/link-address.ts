/**
 * What a clerk typed as a link's address, as the address to store, or null when it is none the server keeps
 * (its sanitiser allows web, mail and phone links only). "example.com/fees" becomes https://, an email
 * address mailto:, a phone number tel:.
 */
export function toLinkAddress(typed: string): string | null {
  const text = typed.trim();
  if (!text || /\s/.test(text)) return null;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(text)) return validUrl(text);
  if (/^[^@/:]+@[^@/:]+\.[^@/:]+$/.test(text)) return `mailto:${text}`;
  if (/^\+?[\d-]{6,}$/.test(text)) return `tel:${text.replace(/-/g, '')}`;
  if (/^[a-z][\w+.-]*:/i.test(text) && !/^[^:]+\.[^:]+:\d/.test(text)) return null;
  return validUrl(`https://${text}`);
}

function validUrl(text: string): string | null {
  try {
    const url = new URL(text);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && !url.hostname.includes('.')) return null;
    return text;
  } catch {
    return null;
  }
}
