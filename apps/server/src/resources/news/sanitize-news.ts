import sanitizeHtml from 'sanitize-html';

// What a news item may hold, whoever wrote it (the console's editor, a content pack): the student app sanitises
// again when it renders, but what is stored is already harmless, for every client of this API.
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

/** A news body as stored: only the listed tags, links only to web, mail and phone addresses. */
export const sanitizeNewsBody = (html: string) => sanitizeHtml(html, bodyOptions).trim();

/** A heading keeps emphasis and nothing else. */
export const sanitizeNewsHeading = (html: string) => sanitizeHtml(html, headingOptions).trim();
