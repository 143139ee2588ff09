import sanitizeHtml from 'sanitize-html';

/**
 * Descriptions of services, shop services, groups and events are HTML written in the back office
 * and shown by the app as HTML: they are sanitized when written, so what is stored is what may be
 * rendered (formatting, lists, links; no scripts, styles, frames or event handlers).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote', 'span'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  transformTags: {
    // A link that opens elsewhere must not hand the app's window to the other page.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
