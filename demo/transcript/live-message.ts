// The answer that is streaming in, kept as one view and updated in place: its text blocks are
// StreamingMarkdown (only their tail is rendered again), its other blocks (tool calls being
// written, reasoning) are small and drawn again. Updates are coalesced to one per animation
// frame: a fast endpoint sends several chunks a frame, and only the last one is worth drawing.
import type { AssistantMessage } from '../../src/index.js';
import { h } from '../shared/dom.js';
import { assistantBlockElement, assistantFrame } from './message-view.js';
import { StreamingMarkdown } from './markdown-stream.js';

type Slot = { kind: 'text'; view: StreamingMarkdown } | { kind: 'other'; element: HTMLElement };

/** The view of the message streaming in (in memory only). */
export class LiveMessage {
  readonly element: HTMLElement;
  private readonly blocks = h('div', { className: 'live-blocks' });
  private readonly slots: Slot[] = [];

  constructor() {
    this.element = assistantFrame(true, this.blocks,
      h('span', { className: 'typing', attrs: { role: 'img', 'aria-label': 'Writing' } }, h('i'), h('i'), h('i')));
    this.element.dataset.streaming = 'true';
  }

  /** Shows `message`, the accumulator's latest snapshot. */
  update(message: AssistantMessage): void {
    message.content.forEach((block, index) => {
      const slot = this.slots[index];
      if (block.type === 'text') {
        const view = slot?.kind === 'text' ? slot.view : this.place(index, new StreamingMarkdown());
        view.update(block.text);
        return;
      }
      const element = assistantBlockElement(block, new Map());
      if (slot === undefined) this.blocks.append(element);
      else (slot.kind === 'text' ? slot.view.element : slot.element).replaceWith(element);
      this.slots[index] = { kind: 'other', element };
    });
    while (this.slots.length > message.content.length) {
      const slot = this.slots.pop()!;
      (slot.kind === 'text' ? slot.view.element : slot.element).remove();
    }
  }

  private place(index: number, view: StreamingMarkdown): StreamingMarkdown {
    const slot = this.slots[index];
    if (slot === undefined) this.blocks.append(view.element);
    else (slot.kind === 'text' ? slot.view.element : slot.element).replaceWith(view.element);
    this.slots[index] = { kind: 'text', view };
    return view;
  }
}
