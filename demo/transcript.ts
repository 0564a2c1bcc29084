// The transcript of the open conversation: the last page of its log, older pages loaded as
// the user scrolls up (`entries` with `beforeSeq` + `limit`), new entries added as they are
// appended here or in another tab, and the in-memory partial of a reply that is streaming.
// How the entries are drawn is TranscriptLayout's part.
import type { AssistantMessage, ConvologStore, Entry, MessageEntry } from '../src/index.js';
import { h } from './dom.js';
import { streamingView, type MessageView } from './message-view.js';
import { TranscriptLayout } from './transcript-layout.js';
import type { CorruptItem, TranscriptItem } from './transcript-item.js';

/** How many entries one page loads. */
export const PAGE_SIZE = 60;

/** What the transcript reports to the app. */
export interface TranscriptEvents {
  /** Records that could not be read, the first time they are seen. */
  onCorrupt(seqs: readonly number[]): void;
  /** Loading failed. */
  onError(error: unknown): void;
}

/** The scrolling transcript of one conversation. */
export class Transcript {
  readonly element: HTMLElement;
  private readonly entryLayout = new TranscriptLayout();
  private readonly liveElement = h('div', { className: 'live' });
  private readonly topElement = h('div', { className: 'transcript-top' });
  private readonly emptyElement: HTMLElement;
  private conversationId: string | undefined;
  private generation = 0;
  private readonly items = new Map<number, TranscriptItem>();
  private oldestSeq = Infinity;
  private newestSeq = 0;
  private loadingOlder = false;
  private loadingFirstPage = false;
  private syncing: Promise<void> | undefined;
  private syncAgain = false;
  private streaming: MessageView | undefined;
  private pinned = true;

  constructor(private readonly store: ConvologStore, private readonly events: TranscriptEvents, emptyState: HTMLElement) {
    this.emptyElement = emptyState;
    this.element = h('div', { className: 'transcript', attrs: { role: 'log', 'aria-label': 'Messages', tabindex: '0' } },
      h('div', { className: 'transcript-inner' }, this.topElement, this.emptyElement, this.entryLayout.element, this.liveElement));
    this.element.addEventListener('scroll', () => {
      this.pinned = this.isNearBottom();
      if (this.element.scrollTop < 240) void this.loadOlder();
    }, { passive: true });
    // Notices and the banner below change the transcript's height: stay at the bottom if we were there.
    new ResizeObserver(() => {
      if (this.pinned) this.scrollToBottom();
    }).observe(this.element);
  }

  /** The conversation shown, if any. */
  get openId(): string | undefined {
    return this.conversationId;
  }

  /** The message entries loaded, ascending (for the offline view of the tail). */
  loadedMessageEntries(): MessageEntry[] {
    return this.sortedItems().filter((item): item is MessageEntry => item.type === 'message');
  }

  /** Shows `conversationId` from its last page; `undefined` shows the empty state. */
  async open(conversationId: string | undefined, lastSeq: number): Promise<void> {
    this.generation += 1;
    this.conversationId = conversationId;
    this.items.clear();
    this.entryLayout.clear();
    this.setStreaming(undefined);
    this.oldestSeq = lastSeq + 1;
    this.newestSeq = lastSeq;
    this.loadingFirstPage = conversationId !== undefined && lastSeq > 0;
    this.updateChrome();
    if (!this.loadingFirstPage) return;
    const generation = this.generation;
    try {
      await this.loadPage({ beforeSeq: lastSeq + 1, limit: PAGE_SIZE });
    } finally {
      if (generation === this.generation) this.loadingFirstPage = false;
    }
    if (generation !== this.generation) return;
    this.updateChrome();
    this.scrollToBottom();
    await this.fillViewport();
  }

  /** Adds entries just appended (here or in another tab). Out-of-order or missing ones are read from the store. */
  addEntries(conversationId: string, entries: readonly Entry[]): void {
    if (conversationId !== this.conversationId) return;
    const sorted = [...entries].sort((left, right) => left.seq - right.seq);
    const contiguous = sorted.every((entry, index) => entry.seq <= this.newestSeq + index + 1);
    if (!contiguous) {
      void this.syncTail();
      return;
    }
    const stick = this.isNearBottom();
    for (const entry of sorted) this.items.set(entry.seq, entry);
    this.newestSeq = Math.max(this.newestSeq, ...sorted.map((entry) => entry.seq));
    if (this.oldestSeq > this.newestSeq) this.oldestSeq = sorted[0]?.seq ?? this.oldestSeq;
    this.layout();
    if (stick) this.scrollToBottom();
  }

  /** Reads whatever was appended after the newest entry shown. */
  syncTail(): Promise<void> {
    if (this.syncing !== undefined) {
      this.syncAgain = true;
      return this.syncing;
    }
    const run = async (): Promise<void> => {
      do {
        this.syncAgain = false;
        await this.loadPage({ afterSeq: this.newestSeq });
      } while (this.syncAgain);
    };
    this.syncing = run().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  /** Shows (or, with `undefined`, removes) the partial reply that is streaming. */
  setStreaming(message: AssistantMessage | undefined): void {
    const stick = this.isNearBottom();
    if (message === undefined) {
      this.streaming = undefined;
      this.liveElement.replaceChildren();
    } else {
      const view = streamingView(message);
      this.streaming = view;
      this.liveElement.replaceChildren(view.element);
    }
    this.updateChrome();
    if (stick) this.scrollToBottom();
  }

  /** Marks a tool call as running in this tab (or done). */
  setToolRunning(callId: string, running: boolean): void {
    this.entryLayout.setToolRunning(callId, running);
    this.layout();
  }

  /** Whether a turn of this tab is running in the open chat (its unanswered calls are queued, not lost). */
  setTurnActive(active: boolean): void {
    this.entryLayout.setTurnActive(active);
    this.layout();
  }

  /** Scrolls to the newest message. */
  scrollToBottom(): void {
    this.element.scrollTop = this.element.scrollHeight;
    this.pinned = true;
  }

  /** Loads the page before the oldest entry shown, keeping the visible messages in place. */
  async loadOlder(): Promise<void> {
    if (this.loadingOlder || this.conversationId === undefined || this.oldestSeq <= 1) return;
    this.loadingOlder = true;
    this.updateChrome();
    try {
      const fromBottom = this.element.scrollHeight - this.element.scrollTop;
      await this.loadPage({ beforeSeq: this.oldestSeq, limit: PAGE_SIZE });
      this.element.scrollTop = this.element.scrollHeight - fromBottom;
    } finally {
      this.loadingOlder = false;
      this.updateChrome();
    }
  }

  private async fillViewport(): Promise<void> {
    // A short last page may not fill the screen, so no scroll event would ever ask for more.
    while (this.oldestSeq > 1 && this.element.scrollHeight <= this.element.clientHeight + 240) {
      const before = this.oldestSeq;
      await this.loadOlder();
      if (this.oldestSeq === before) return;
    }
  }

  private async loadPage(range: { beforeSeq?: number; afterSeq?: number; limit?: number }): Promise<void> {
    const conversationId = this.conversationId;
    if (conversationId === undefined) return;
    const generation = this.generation;
    const corrupt: CorruptItem[] = [];
    let entries: Entry[];
    try {
      entries = await this.store.entries(conversationId, {
        ...range,
        onCorrupt: ({ seq, error }) => corrupt.push({ type: 'corrupt', seq, error }),
      });
    } catch (error) {
      if (generation === this.generation) this.events.onError(error);
      return;
    }
    if (generation !== this.generation) return; // another conversation opened meanwhile
    const stick = this.isNearBottom();
    const received: TranscriptItem[] = [...entries, ...corrupt];
    const newCorrupt = corrupt.filter((item) => !this.items.has(item.seq)).map((item) => item.seq);
    for (const item of received) this.items.set(item.seq, item);
    const seqs = received.map((item) => item.seq);
    if (seqs.length > 0) {
      this.oldestSeq = Math.min(this.oldestSeq, ...seqs);
      this.newestSeq = Math.max(this.newestSeq, ...seqs);
    } else if (range.beforeSeq !== undefined) {
      this.oldestSeq = 1; // nothing older exists
    }
    this.layout();
    if (stick && range.afterSeq !== undefined) this.scrollToBottom();
    if (newCorrupt.length > 0) this.events.onCorrupt(newCorrupt.sort((left, right) => left - right));
  }

  private sortedItems(): TranscriptItem[] {
    return [...this.items.values()].sort((left, right) => left.seq - right.seq);
  }

  private layout(): void {
    this.entryLayout.render(this.sortedItems(), this.oldestSeq);
    this.updateChrome();
  }

  private updateChrome(): void {
    const empty = !this.loadingFirstPage && this.items.size === 0 && this.streaming === undefined;
    this.emptyElement.hidden = !empty;
    this.element.classList.toggle('is-empty', empty);
    this.topElement.replaceChildren();
    if (this.conversationId === undefined || this.items.size === 0) return;
    if (this.oldestSeq > 1) {
      this.topElement.append(this.loadingOlder
        ? h('span', { className: 'spinner' })
        : h('button', { className: 'btn btn-small btn-ghost', text: 'Load older messages', attrs: { type: 'button' }, on: { click: () => void this.loadOlder() } }));
    } else {
      this.topElement.append(h('span', { className: 'transcript-start', text: 'Beginning of this chat' }));
    }
  }

  private isNearBottom(): boolean {
    return this.element.scrollHeight - this.element.scrollTop - this.element.clientHeight < 120;
  }
}
