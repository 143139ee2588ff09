/**
 * A second line of defence for HTML that comes from the API (privacy, terms, FAQ, notes): the
 * server already sanitizes it, but the app renders it with innerHTML, so it keeps only a small
 * set of harmless tags and attributes here too. DOMParser never runs scripts or loads images.
 */
const ALLOWED_TAGS = new Set([
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'code', 'dd', 'div', 'dl', 'dt', 'em', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li', 'ol', 'p', 'pre', 's', 'small', 'span', 'strong', 'sub', 'sup',
  'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
]);
/** Dropped with everything inside them (their text is not content). */
const DROPPED_TAGS = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'form', 'input', 'button', 'select', 'textarea', 'link', 'meta', 'base', 'frame', 'frameset']);
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  abbr: ['title'],
};
const SAFE_URL = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i;
const SAFE_IMAGE_URL = /^(?:https?:|\/(?!\/)|data:image\/(?:png|jpe?g|gif|webp);)/i;

function clean(node: Element): void {
  for (const child of [...node.children]) {
    const tag = child.tagName.toLowerCase();
    if (DROPPED_TAGS.has(tag)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED_TAGS.has(tag)) {
      // Unknown wrapper (font, center, section...): keep its content, drop the element.
      child.replaceWith(...child.childNodes);
      continue;
    }
    const allowed = ALLOWED_ATTRIBUTES[tag] ?? [];
    for (const attribute of [...child.attributes]) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim();
      const keep =
        allowed.includes(name) &&
        (name !== 'href' || SAFE_URL.test(value)) &&
        (name !== 'src' || SAFE_IMAGE_URL.test(value));
      if (!keep) child.removeAttribute(attribute.name);
    }
    if (tag === 'a') {
      const href = child.getAttribute('href') ?? '';
      if (/^https?:/i.test(href)) {
        child.setAttribute('target', '_blank');
        child.setAttribute('rel', 'noopener noreferrer');
      }
    }
  }
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  // Comments can hide conditional markup; drop them.
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  clean(doc.body);
  return doc.body.innerHTML;
}
