import { PDFLinkService } from './pdf-viewer-lib.ts';
import { safeLinkUrl } from './safe-url.ts';

/** Links inside a document: script-type and other unsafe addresses become blank; web links open a new tab without opener. */
export class SafeLinkService extends PDFLinkService {
  override addLinkAttributes(link: HTMLAnchorElement, url: string) {
    const safe = safeLinkUrl(url);
    if (!safe) {
      link.removeAttribute('href');
      link.onclick = () => false;
      return;
    }
    if (safe.startsWith('mailto:')) link.href = safe;
    else super.addLinkAttributes(link, safe, true);
  }
}
