import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-pdf.ts';
import { safeLinkUrl } from './safe-url.ts';
import { MAX_ZOOM, MIN_ZOOM, stepZoom } from './zoom.ts';

describe('safeLinkUrl', () => {
  it('keeps web and mail links', () => {
    expect(safeLinkUrl('https://ncert.nic.in/textbook.php')).toBe('https://ncert.nic.in/textbook.php');
    expect(safeLinkUrl('http://example.com')).toBe('http://example.com/');
    expect(safeLinkUrl('mailto:help@example.com')).toBe('mailto:help@example.com');
  });

  it('blanks script-type and other unsafe addresses', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'blob:https://x/1',
      '/relative',
      '',
    ]) {
      expect(safeLinkUrl(url), url).toBeUndefined();
    }
  });
});

describe('stepZoom', () => {
  it('steps by about 10 % and stays within 0.1 to 10', () => {
    expect(stepZoom(1, 1)).toBe(1.1);
    expect(stepZoom(1, -1)).toBe(0.9);
    expect(stepZoom(9.5, 1)).toBe(MAX_ZOOM);
    expect(stepZoom(MAX_ZOOM, 1)).toBe(MAX_ZOOM);
    expect(stepZoom(0.15, -1)).toBe(MIN_ZOOM);
    expect(stepZoom(MIN_ZOOM, -1)).toBe(MIN_ZOOM);
  });
});

describe('fileNameOf', () => {
  it("takes the download name from the material's path", () => {
    expect(fileNameOf('/console/micros/Api/materials/3/units%20notes.pdf')).toBe('units notes.pdf');
    expect(fileNameOf('/materials/3/')).toBe('document.pdf');
  });
});
