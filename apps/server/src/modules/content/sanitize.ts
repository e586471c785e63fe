import sanitizeHtml from 'sanitize-html';

/**
 * What operators' HTML may hold once saved: the formatting the back office's editor writes (paragraphs,
 * headings, emphasis, lists, quotes, code, rules, links) and images from the site itself or https. Everything
 * else is dropped: scripts and styles with their text, every event handler and style attribute, frames, forms,
 * SVG and MathML, and any link or image address but https (and http, mailto and tel for links) or a path of
 * the site. The player site sanitises again when it shows the HTML (DOMPurify), so neither layer trusts the
 * other.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'hr',
    'a',
    'img',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], ol: ['start'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside these is dropped with the tag: a script's or style's source never becomes visible text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    // A link that opens a new tab gives that page no handle on this one.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs['target'] === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : omit(attribs, 'target'),
    }),
  },
};

function omit(attribs: sanitizeHtml.Attributes, name: string): sanitizeHtml.Attributes {
  const rest = { ...attribs };
  delete rest[name];
  return rest;
}

/** Operators' HTML as it is stored: only what OPTIONS allows. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
