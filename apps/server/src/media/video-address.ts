import { extname } from 'node:path';

/** A video address students may be sent to: https, and YouTube, Vimeo or an HLS playlist (.m3u8). */
export function videoLinkProblem(link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return `${link} is not an address`;
  }
  if (url.protocol !== 'https:') return `${link} must be an https address`;
  const host = url.hostname.toLowerCase();
  const youtube = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com'].includes(
    host,
  );
  const vimeo = host === 'vimeo.com' || host === 'www.vimeo.com' || host === 'player.vimeo.com';
  if (youtube || vimeo || extname(url.pathname).toLowerCase() === '.m3u8') return undefined;
  return `${link} must be a YouTube, Vimeo or .m3u8 (HLS) address`;
}
