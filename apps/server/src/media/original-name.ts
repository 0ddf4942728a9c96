/** The longest original file name kept; a longer one keeps its start and its extension. */
export const MAX_ORIGINAL_NAME = 200;

/**
 * A file's own name as the browser sent it, made safe to keep and show: only its last path part, Unicode NFC, tabs
 * and line breaks as spaces, without control characters and direction marks (an override makes "gpj.exe" after it
 * read as "exe.jpg"), spaces squeezed (the joiners Devanagari spells with are kept), at most 200 characters with its
 * extension kept. Undefined when nothing readable is left.
 */
export function sanitiseOriginalName(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const last = raw.split(/[/\\]/).pop() ?? '';
  const clean = last
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(/[\p{Cc}\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  if (!clean || /^\.+$/.test(clean)) return undefined;
  const characters = [...clean];
  if (characters.length <= MAX_ORIGINAL_NAME) return clean;
  const ext = /\.[\p{L}\p{N}]{1,8}$/u.exec(clean)?.[0] ?? '';
  return characters.slice(0, MAX_ORIGINAL_NAME - [...ext].length - 1).join('') + '…' + ext;
}
