import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

const parse = (html: string) => {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box;
};

const hostile = `<p>Hello <strong>class</strong></p>
<script>window.__pwned = 1</script>
<img src="x" onerror="window.__pwned = 2">
<a href="javascript:window.__pwned = 3">Register</a>
<a href="  JaVaScRiPt:alert(1)">Sneaky</a>
<svg><script>alert(1)</script></svg>
<p onclick="alert(1)" style="position:fixed;inset:0">Click</p>
<form action="https://evil.example"><input name="otp"></form>
<iframe src="https://evil.example"></iframe>`;

describe('sanitising a description (rich HTML)', () => {
  const box = parse(sanitizeHtml(hostile, 'rich'));

  it('keeps the formatting an editor wrote', () => {
    expect(box.querySelector('p strong')?.textContent).toBe('class');
  });

  it('drops scripts, event handlers and javascript: links', () => {
    expect(box.querySelector('script')).toBeNull();
    expect(box.innerHTML).not.toMatch(/onerror|onclick|javascript:|__pwned|alert/i);
    expect(box.querySelector('img')?.getAttribute('src')).toBe('x');
    const links = [...box.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(['Register', 'Sneaky']);
    expect(links.every((a) => !a.hasAttribute('href'))).toBe(true);
  });

  it('drops forms, frames, svg and inline styles that could pose as the portal', () => {
    expect(box.querySelector('form, input, iframe, svg, [style]')).toBeNull();
  });

  it('makes links open in a new tab with no opener and no referrer', () => {
    const out = parse(sanitizeHtml('<a href="https://example.com/rules" target="_self">rules</a>', 'rich'));
    const link = out.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/rules');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('sanitising a heading (inline HTML)', () => {
  it('keeps emphasis but no script, image, link or attribute', () => {
    const out = sanitizeHtml(
      'Workshop on <em class="x">exam strategy</em><script>window.__pwned=1</script><img src=x onerror=alert(1)><a href="https://e.com">!</a>',
      'inline',
    );
    expect(out).toBe('Workshop on <em>exam strategy</em>!');
  });
});
