// The Markdown renderer of assistant answers, loaded on demand (its own chunk: marked + DOMPurify,
// off the first screen's critical path). Safe by construction, in two layers:
// 1. marked's output never carries markup the model wrote: raw HTML is escaped (it shows as
//    text, like the rest of a message), a link or image whose URL is not http(s)/mailto stays
//    its literal Markdown text, and an image is never loaded (it becomes a link: a remote image
//    in an answer is a tracking pixel that tells a stranger the user's IP and when they read it).
// 2. DOMPurify then parses that HTML into an inert fragment with a short allowlist of tags and
//    attributes and the same URL rule, whatever layer 1 missed.
import DOMPurify from 'dompurify';
import { Marked, type Token, type Tokens } from 'marked';

/** Renders Markdown `source` (GFM) as a sanitized fragment, inert until inserted. */
export function renderMarkdown(source: string): DocumentFragment {
  return sanitize(parser.parse(source, { async: false }));
}

/** Splits `source` into its top-level blocks (their `raw` texts add up to `source`). */
export function markdownBlocks(source: string): string[] {
  return parser.lexer(source).map((token: Token) => token.raw);
}

/** The URL protocols a link may have; anything else (javascript:, data:, vbscript:, relative…) stays text. */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** `href` as a safe absolute URL, or `undefined`. Entities are decoded first, as the browser would. */
export function safeUrl(href: string): string | undefined {
  const decoded = decodeEntities(href).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  try {
    const url = new URL(decoded);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined; // relative, or not a URL at all
  }
}

const parser = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    link({ href, title, tokens, raw }: Tokens.Link) {
      const url = safeUrl(href);
      if (url === undefined) return escapeHtml(raw);
      return `<a href="${escapeHtml(url)}"${titleAttribute(title)}>${this.parser.parseInline(tokens)}</a>`;
    },
    image({ href, title, text, raw }: Tokens.Image) {
      const url = safeUrl(href);
      if (url === undefined || url.startsWith('mailto:')) return escapeHtml(raw);
      const label = text.trim() === '' ? 'image' : `image: ${text}`;
      return `<a class="md-image-link" href="${escapeHtml(url)}"${titleAttribute(title)}>[${escapeHtml(label)}]</a>`;
    },
    code({ text, lang }: Tokens.Code) {
      const language = languageOf(lang);
      const attribute = language === undefined ? '' : ` class="language-${language}"`;
      return `<pre><code${attribute}>${escapeHtml(text)}</code></pre>\n`;
    },
    table(token: Tokens.Table) {
      // Wide tables scroll inside their own box instead of widening the transcript (phones).
      const head = token.header.map((cell) => this.tablecell(cell)).join('');
      const body = token.rows.map((row) => `<tr>${row.map((cell) => this.tablecell(cell)).join('')}</tr>`).join('');
      return `<div class="md-table"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>\n`;
    },
  },
});

/** The first word of a fence's info string, when it looks like a language name (never markup). */
export function languageOf(info: string | undefined): string | undefined {
  const word = info?.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return /^[a-z0-9][a-z0-9_+#.-]{0,31}$/.test(word) ? word : undefined;
}

const ALLOWED_TAGS = [
  'a', 'blockquote', 'br', 'code', 'del', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'input',
  'li', 'ol', 'p', 'pre', 'span', 'strong', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul',
];
const ALLOWED_ATTR = ['href', 'title', 'class', 'type', 'checked', 'disabled', 'align', 'start'];

const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    // A link whose URL was dropped is no link: its text stays.
    if (!node.hasAttribute('href')) {
      node.replaceWith(...node.childNodes);
      return;
    }
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  // Only GFM task-list boxes, and the user cannot tick them.
  if (node.tagName === 'INPUT') {
    node.setAttribute('type', 'checkbox');
    node.setAttribute('disabled', '');
  }
  const className = node.getAttribute('class');
  if (className !== null && !/^(language-[a-z0-9_+#.-]+|md-table|md-image-link|hljs[a-z0-9_ -]*)$/.test(className)) node.removeAttribute('class');
});

function sanitize(html: string): DocumentFragment {
  return purifier.sanitize(html, {
    ALLOWED_TAGS, ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?|mailto):/i,
    ALLOW_DATA_ATTR: false,
    ADD_ATTR: ['target'],
    RETURN_DOM_FRAGMENT: true,
  });
}

/** Sanitizes highlighter output (already escaped by highlight.js: spans with classes only). */
export function sanitizeHighlight(html: string): DocumentFragment {
  return purifier.sanitize(html, { ALLOWED_TAGS: ['span'], ALLOWED_ATTR: ['class'], RETURN_DOM_FRAGMENT: true });
}

function titleAttribute(title: string | null | undefined): string {
  return title ? ` title="${escapeHtml(title)}"` : '';
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** Decodes HTML entities in an inert document (nothing in it runs or loads). */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  const document = new DOMParser().parseFromString(`<!doctype html><body><textarea>${text.replace(/</g, '&lt;')}</textarea>`, 'text/html');
  return document.querySelector('textarea')?.value ?? text;
}
