import sanitizeHtml from 'sanitize-html';

// What a news item may hold, whoever wrote it (the console's editor, a content pack, the demo seed): the student
// app sanitises again when it renders, but what is stored is already harmless, for every client of this API.
const bodyOptions: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote'],
  // target and rel are the ones transformTags writes over whatever came.
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // Links open in a new tab without giving the page they open a handle on the portal.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};
const headingOptions: sanitizeHtml.IOptions = { allowedTags: ['strong', 'b', 'em', 'i'], allowedAttributes: {} };

/** Anything that looks like a tag or a comment: such a body is taken as HTML, as written. */
const markup = /<\/?[a-z][^>]*>|<!--/i;
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A body typed as plain text (no tag at all) keeps its shape: a blank line starts a paragraph, a single line
 * break stays a line break. A browser would otherwise run it all into one paragraph.
 */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n\s*/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeText(paragraph).replace(/[^\S\n]*\n[^\S\n]*/g, '<br>')}</p>`)
    .join('');
}

/** A news body as stored: plain text made paragraphs, then only the listed tags, links only to web, mail and phone addresses. */
export const sanitizeNewsBody = (body: string) =>
  sanitizeHtml(markup.test(body) ? body : plainTextToHtml(body), bodyOptions).trim();

/** A heading keeps emphasis and nothing else. */
export const sanitizeNewsHeading = (html: string) => sanitizeHtml(html, headingOptions).trim();
