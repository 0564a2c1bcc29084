// Assistant answers as Markdown. The renderer (marked + DOMPurify, markdown-render.ts) is its own
// chunk: the transcript starts loading it when the app starts, in parallel with the store, and a
// chat waits for it (or its failure) before its first page is drawn, so answers do not show as
// raw text first and then jump. Until it is there (or if it never loads) an answer shows as
// plain text, as every message did before.
import { h, icon } from '../shared/dom.js';
import { copyText } from '../shared/clipboard.js';
import { highlightCode } from './code-highlight.js';

type Renderer = typeof import('./markdown-render.js');

let renderer: Renderer | undefined;
let loading: Promise<Renderer | undefined> | undefined;

/** Starts loading the renderer (once); resolves when it is there, `undefined` if it failed to load. */
export function loadMarkdown(): Promise<Renderer | undefined> {
  loading ??= import('./markdown-render.js').then(
    (module) => (renderer = module),
    () => undefined,
  );
  return loading;
}

/** The renderer, if loaded. */
export function markdownRenderer(): Renderer | undefined {
  return renderer;
}

/** An answer's text as Markdown: rendered now when the renderer is loaded, else when it arrives. */
export function markdownElement(text: string): HTMLElement {
  const container = h('div', { className: 'text markdown', testId: 'markdown' });
  if (renderer !== undefined) {
    fillMarkdown(container, text, renderer, false);
    return container;
  }
  container.append(plainParagraphs(text));
  void loadMarkdown().then((loaded) => {
    if (loaded !== undefined) fillMarkdown(container, text, loaded, false);
  });
  return container;
}

/** Replaces `container`'s children with `text` rendered; `streaming`: code is not highlighted yet. */
export function fillMarkdown(container: HTMLElement, text: string, loaded: Renderer, streaming: boolean): Node[] {
  const fragment = loaded.renderMarkdown(text);
  decorate(fragment, streaming);
  const nodes = [...fragment.childNodes];
  container.replaceChildren(fragment);
  return nodes;
}

/** Renders `text` and decorates it, returning its nodes (for the streaming view to append). */
export function renderedNodes(text: string, loaded: Renderer, streaming: boolean): Node[] {
  const fragment = loaded.renderMarkdown(text);
  decorate(fragment, streaming);
  return [...fragment.childNodes];
}

/** `text` as plain paragraphs (the renderer is not there). */
export function plainParagraphs(text: string): HTMLElement {
  return h('p', { className: 'plain', text });
}

/**
 * Each code block gets a header (its language and a Copy button) and, when finished,
 * highlighting; each task-list box is named by its item's text (a box without a name is
 * announced as just "checkbox").
 */
function decorate(fragment: DocumentFragment, streaming: boolean): void {
  for (const box of fragment.querySelectorAll('input[type="checkbox"]')) {
    box.setAttribute('aria-label', (box.parentElement?.textContent ?? '').trim().slice(0, 120) || 'Task');
  }
  for (const pre of fragment.querySelectorAll('pre')) {
    const code = pre.querySelector('code');
    if (code === null) continue;
    const language = /^language-(.+)$/.exec(code.className)?.[1];
    const block = h('div', { className: 'code-block', testId: 'code-block', data: { language } },
      h('div', { className: 'code-block-head' },
        h('span', { className: 'code-language', testId: 'code-language', text: language ?? 'code' }),
        copyButton('copy-code', 'Copy', () => code.textContent ?? '')));
    pre.replaceWith(block);
    pre.classList.add('code');
    block.append(pre);
    if (!streaming && language !== undefined) void highlightCode(code, language);
  }
}

const COPY_ICON = ['M9 9h11v11H9z', 'M5 15H4V4h11v1'];
const COPIED_FOR_MS = 2000;

/** A button that copies `text()` and says "Copied" for a moment (or "Copy failed"). */
export function copyButton(testId: string, label: string, text: () => string): HTMLButtonElement {
  const caption = h('span', { text: label });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const button = h('button', {
    className: 'copy-button', testId, attrs: { type: 'button' },
    on: {
      click: () => {
        void copyText(text()).then((copied) => {
          caption.textContent = copied ? 'Copied' : 'Copy failed';
          button.dataset.copied = String(copied);
          clearTimeout(timer);
          timer = setTimeout(() => {
            caption.textContent = label;
            delete button.dataset.copied;
          }, COPIED_FOR_MS);
        });
      },
    },
  }, icon(COPY_ICON), caption);
  return button;
}
