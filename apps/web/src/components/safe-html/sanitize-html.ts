import DOMPurify, { type Config } from 'dompurify';

// An instance of its own, so the hook below touches nothing else that might use DOMPurify.
const purifier = DOMPurify(window);

// Links in news open in a new tab that cannot reach back into the portal.
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Headings sit inside links and titles: inline emphasis only, no links, images or attributes. */
const inlineConfig: Config = {
  ALLOWED_TAGS: ['b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup', 'mark', 'span', 'br'],
  ALLOWED_ATTR: [],
};

/**
 * Descriptions: ordinary HTML (DOMPurify's defaults drop scripts, event handlers and javascript: links), without
 * forms, which could pose as a sign-in, or inline styles, which could lay a fake screen over the portal.
 */
const richConfig: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['form', 'input', 'button', 'select', 'textarea', 'option', 'style', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style'],
};

export type HtmlKind = 'inline' | 'rich';

export const sanitizeHtml = (html: string, kind: HtmlKind): string =>
  purifier.sanitize(html, kind === 'inline' ? inlineConfig : richConfig);
