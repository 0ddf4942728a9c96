const allowed = new Set(['http:', 'https:', 'mailto:']);

/**
 * The address a link inside a document may open, or undefined for anything else: `javascript:`,
 * `vbscript:`, `data:`, `file:`, blob and relative addresses become blank (spec section 5).
 */
export function safeLinkUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  return allowed.has(url.protocol) ? url.href : undefined;
}
