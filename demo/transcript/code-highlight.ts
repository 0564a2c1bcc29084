// Syntax highlighting of finished code blocks: highlight.js core and each language are chunks of
// their own, imported the first time a block in that language is shown, so neither the first
// screen nor an answer without code pays for them. An unknown language stays plain text.
import type { LanguageFn } from 'highlight.js';
import { loadMarkdown } from './markdown.js';

type LanguageModule = Promise<{ default: LanguageFn }>;

/** The languages offered, by highlight.js name (a static map, so the bundler can split each one). */
const LANGUAGES: Record<string, () => LanguageModule> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  css: () => import('highlight.js/lib/languages/css'),
  diff: () => import('highlight.js/lib/languages/diff'),
  go: () => import('highlight.js/lib/languages/go'),
  java: () => import('highlight.js/lib/languages/java'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  php: () => import('highlight.js/lib/languages/php'),
  python: () => import('highlight.js/lib/languages/python'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  sql: () => import('highlight.js/lib/languages/sql'),
  swift: () => import('highlight.js/lib/languages/swift'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
};

const ALIASES: Record<string, string> = {
  sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash', 'c++': 'cpp', cc: 'cpp', h: 'c', 'c#': 'csharp', cs: 'csharp',
  golang: 'go', js: 'javascript', jsx: 'javascript', mjs: 'javascript', kt: 'kotlin', md: 'markdown', py: 'python',
  rb: 'ruby', rs: 'rust', ts: 'typescript', tsx: 'typescript', html: 'xml', svg: 'xml', yml: 'yaml',
};

/** Highlights `code` (a finished block's `<code>`) as `language`, when that language is offered. */
export async function highlightCode(code: HTMLElement, language: string): Promise<void> {
  const name = ALIASES[language] ?? language;
  const loader = Object.hasOwn(LANGUAGES, name) ? LANGUAGES[name] : undefined;
  if (loader === undefined) return;
  try {
    const [core, definition, renderer] = await Promise.all([import('highlight.js/lib/core'), loader(), loadMarkdown()]);
    if (renderer === undefined) return;
    const hljs = core.default;
    if (hljs.getLanguage(name) === undefined) hljs.registerLanguage(name, definition.default);
    const source = code.textContent ?? '';
    const { value } = hljs.highlight(source, { language: name, ignoreIllegals: true });
    if (code.textContent !== source) return; // replaced meanwhile
    // highlight.js escapes the code itself; the sanitizer still lets through only its spans.
    code.replaceChildren(renderer.sanitizeHighlight(value));
    code.classList.add('hljs');
    code.dataset.highlighted = name;
  } catch {
    // a chunk that failed to load leaves the block plain
  }
}
