// The Markdown of an answer that is still streaming, re-rendered as text arrives without
// re-parsing the whole answer each time: the top-level blocks that can no longer change (all
// but the last two: appended text can still turn the last paragraph into a heading, or continue
// a list after a blank line) are rendered once and kept; only the tail is rendered again. The
// stored answer that replaces this view is rendered whole, so any edge case (a reference link
// defined at the very end) comes out right once the reply is complete.
import { h } from '../shared/dom.js';
import { markdownRenderer, plainParagraphs, renderedNodes } from './markdown.js';

/** Blocks at the end that are rendered again with every update. */
const LIVE_BLOCKS = 2;

/** One streaming text block: `update` with the whole text so far. */
export class StreamingMarkdown {
  readonly element = h('div', { className: 'text markdown', testId: 'markdown' });
  /** The source rendered into frozen nodes (a prefix of every later text). */
  private frozen = '';
  private live: Node[] = [];

  update(text: string): void {
    const renderer = markdownRenderer();
    if (renderer === undefined) {
      this.element.replaceChildren(plainParagraphs(text));
      return;
    }
    if (!text.startsWith(this.frozen)) this.reset();
    let tail = text.slice(this.frozen.length);
    const blocks = renderer.markdownBlocks(tail);
    const settled = blocks.slice(0, Math.max(0, blocks.length - LIVE_BLOCKS)).join('');
    // The lexer normalizes line ends: freeze only when its blocks are the text as it stands.
    if (settled !== '' && tail.startsWith(settled)) {
      this.removeLive();
      this.element.append(...renderedNodes(settled, renderer, false));
      this.frozen += settled;
      tail = tail.slice(settled.length);
    }
    const nodes = renderedNodes(tail, renderer, true);
    this.removeLive();
    this.element.append(...nodes);
    this.live = nodes;
  }

  private reset(): void {
    this.frozen = '';
    this.live = [];
    this.element.replaceChildren();
  }

  private removeLive(): void {
    for (const node of this.live) node.parentNode?.removeChild(node);
    this.live = [];
  }
}
