import sanitizeHtml from 'sanitize-html';

// What Quill 2 (PrimeReact Editor) produces, and nothing else: no scripts, handlers, iframes or styles
// beyond colour; links only to web and mail addresses.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ol',
    'ul',
    'li',
    'a',
    'h1',
    'h2',
    'h3',
    'blockquote',
    'pre',
    'code',
    'span',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    '*': ['class', 'style'],
    li: ['data-list', 'class'],
  },
  allowedClasses: { '*': [/^ql-[a-z0-9-]+$/] },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
      'background-color': [/^#[0-9a-f]{3,6}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  disallowedTagsMode: 'discard',
};

/** Stored rich text is always this function's output. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const BLOCK_END = /<\/(?:p|li|h[1-3]|blockquote|pre)\s*>|<br\s*\/?>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** Plain text as one line of at most `max` characters: runs of white space become one space. */
export function oneLine(text: string, max: number): string {
  const words = text.replace(/\s+/g, ' ').trim();
  return words.length <= max ? words : `${words.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Rich text as one line of words, at most `max` characters: tags dropped, blocks separated by a space,
 * entities decoded. For display as text (never as HTML); a cut-off tag at the end is dropped too.
 */
export function plainTextOf(html: string, max: number): string {
  if (!/[<&]/.test(html)) return oneLine(html, max);
  const words = sanitizeHtml(html.replace(BLOCK_END, ' '), { allowedTags: [], allowedAttributes: {} })
    .replace(/<[^>]*$/, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
  return oneLine(words, max);
}
