// The transcript of the open conversation: the last page of its log, older pages loaded as
// the user scrolls up (`entries` with `beforeSeq` + `limit`), new entries added as they are
// appended here or in another tab, and the in-memory partial of a reply that is streaming.
import {
  estimateMessageTokens, SUMMARY_PREFIX,
  type AssistantMessage, type CompactionEntry, type ConvologStore, type Entry, type MessageEntry,
} from '../src/index.js';
import { h, icon } from './dom.js';
import { ICONS } from './icons.js';
import { messageView, streamingView, type MessageView } from './message-view.js';
import { formatFullDate, formatTokens } from './format.js';

/** How many entries one page loads. */
export const PAGE_SIZE = 60;

/** A record `entries` could not read (reported by `onCorrupt`). */
interface CorruptItem { type: 'corrupt'; seq: number; error: unknown }
type Item = Entry | CorruptItem;

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
  private readonly entriesElement = h('div', { className: 'entries' });
  private readonly liveElement = h('div', { className: 'live' });
  private readonly topElement = h('div', { className: 'transcript-top' });
  private readonly emptyElement: HTMLElement;
  private conversationId: string | undefined;
  private generation = 0;
  private readonly items = new Map<number, Item>();
  private readonly views = new Map<number, MessageView | HTMLElement>();
  private oldestSeq = Infinity;
  private newestSeq = 0;
  private loadingOlder = false;
  private loadingFirstPage = false;
  private syncing: Promise<void> | undefined;
  private syncAgain = false;
  private readonly runningCalls = new Set<string>();
  private streaming: MessageView | undefined;
  private pinned = true;
  private turnActive = false;

  constructor(private readonly store: ConvologStore, private readonly events: TranscriptEvents, emptyState: HTMLElement) {
    this.emptyElement = emptyState;
    this.element = h('div', { className: 'transcript', attrs: { role: 'log', 'aria-label': 'Messages', tabindex: '0' } },
      h('div', { className: 'transcript-inner' }, this.topElement, this.emptyElement, this.entriesElement, this.liveElement));
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
    this.views.clear();
    this.entriesElement.replaceChildren();
    this.runningCalls.clear();
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
    if (running) this.runningCalls.add(callId);
    else this.runningCalls.delete(callId);
    this.layout();
  }

  /** Whether a turn of this tab is running in the open chat (its unanswered calls are queued, not lost). */
  setTurnActive(active: boolean): void {
    this.turnActive = active;
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
    const received: Item[] = [...entries, ...corrupt];
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

  private sortedItems(): Item[] {
    return [...this.items.values()].sort((left, right) => left.seq - right.seq);
  }

  /**
   * Puts every loaded item where it belongs: tool results under their call, a compaction
   * marker just before the first message it kept, folded messages dimmed. Nodes are created
   * once per entry and only moved, so scrolling and selection survive updates.
   */
  private layout(): void {
    const items = this.sortedItems();
    const fold = this.foldBoundary(items);
    const top: HTMLElement[] = [];
    const slots = new Map<string, HTMLElement>();
    const messageElements = new Map<string, HTMLElement>();
    const markers: { element: HTMLElement; firstKeptId: string }[] = [];
    const lastCompaction = items.filter((item) => item.type === 'compaction').at(-1);

    for (const item of items) {
      if (item.type === 'corrupt') {
        top.push(this.viewOf(item) as HTMLElement);
        continue;
      }
      if (item.type === 'compaction') {
        const element = this.viewOf(item) as HTMLElement;
        element.classList.toggle('is-superseded', item !== lastCompaction);
        this.updateCompactionStats(element, item, items);
        markers.push({ element, firstKeptId: item.firstKeptId });
        top.push(element);
        continue;
      }
      const view = this.viewOf(item) as MessageView;
      const folded = fold !== undefined && item.seq < fold;
      messageElements.set(item.id, view.element);
      if (item.message.role === 'tool') {
        const slot = slots.get(item.message.toolCallId);
        if (slot !== undefined) {
          // Folded with its call: the assistant message around it carries the dimming and the label.
          if (view.element.parentElement !== slot) slot.append(view.element);
          view.element.classList.toggle('is-folded', false);
          setFoldedTag(view.element, false);
          continue;
        }
      }
      view.element.classList.toggle('is-folded', folded);
      setFoldedTag(view.element, folded);
      for (const [callId, slot] of view.resultSlots) slots.set(callId, slot);
      top.push(view.element);
    }

    for (const marker of markers) {
      const kept = messageElements.get(marker.firstKeptId);
      if (kept === undefined || !top.includes(kept)) continue;
      top.splice(top.indexOf(marker.element), 1);
      top.splice(top.indexOf(kept), 0, marker.element);
    }

    this.reconcile(top);
    this.updateToolStatuses(slots);
    this.updateChrome();
  }

  private reconcile(top: readonly HTMLElement[]): void {
    const container = this.entriesElement;
    top.forEach((element, index) => {
      const current = container.children[index];
      if (current !== element) container.insertBefore(element, current ?? null);
    });
    while (container.children.length > top.length) container.lastElementChild?.remove();
  }

  private updateToolStatuses(slots: ReadonlyMap<string, HTMLElement>): void {
    for (const [callId, slot] of slots) {
      const call = slot.parentElement;
      const status = call?.querySelector<HTMLElement>(':scope > .tool-call-head > .tool-status');
      if (call === null || call === undefined || status === null || status === undefined) continue;
      const answered = slot.childElementCount > 0;
      const running = this.runningCalls.has(callId);
      const state = answered ? (slot.querySelector('.is-error') ? 'error' : 'done') : running ? 'running' : this.turnActive ? 'queued' : 'pending';
      if (call.dataset.state === state) continue;
      call.dataset.state = state;
      status.replaceChildren();
      if (state === 'running') status.append(h('span', { className: 'spinner' }), 'Running…');
      if (state === 'queued') status.append('Waiting…');
      if (state === 'pending') status.append('No result');
    }
  }

  /** The first seq of the kept tail under the newest compaction loaded; older messages are folded. */
  private foldBoundary(items: readonly Item[]): number | undefined {
    const compaction = items.filter((item): item is CompactionEntry => item.type === 'compaction').at(-1);
    if (compaction === undefined) return undefined;
    const kept = items.find((item) => item.type === 'message' && item.id === compaction.firstKeptId);
    if (kept !== undefined) return kept.seq;
    // Not loaded: it is further up (nothing loaded is folded), or it does not exist, and then
    // the context starts right after the compaction entry.
    return this.oldestSeq <= 1 ? compaction.seq : undefined;
  }

  private updateCompactionStats(element: HTMLElement, compaction: CompactionEntry, items: readonly Item[]): void {
    const keptStart = items.find((item) => item.type === 'message' && item.id === compaction.firstKeptId)?.seq ?? compaction.seq;
    const keptTokens = items
      .filter((item): item is MessageEntry => item.type === 'message' && item.seq >= keptStart && item.seq < compaction.seq)
      .reduce((sum, item) => sum + estimateMessageTokens(item.message), 0);
    const summaryTokens = estimateMessageTokens({ role: 'user', content: SUMMARY_PREFIX + compaction.summary });
    const after = summaryTokens + keptTokens;
    const stats = element.querySelector<HTMLElement>('.compaction-stats');
    if (stats === null) return;
    const text = compaction.tokensBefore !== undefined
      ? `${formatTokens(compaction.tokensBefore)} → ${formatTokens(after)}`
      : `${formatTokens(after)} after`;
    if (stats.textContent !== text) stats.textContent = text;
  }

  private viewOf(item: Item): MessageView | HTMLElement {
    const existing = this.views.get(item.seq);
    if (existing !== undefined) return existing;
    const view = item.type === 'message' ? messageView(item) : item.type === 'compaction' ? compactionMarker(item) : corruptPlaceholder(item);
    this.views.set(item.seq, view);
    return view;
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

function compactionMarker(entry: CompactionEntry): HTMLElement {
  return h('section', { className: 'compaction', testId: 'compaction', data: { seq: String(entry.seq) } },
    h('div', { className: 'compaction-rule' },
      h('span', { className: 'compaction-badge' }, icon(ICONS.compact), 'Compacted'),
      h('span', { className: 'compaction-stats' }),
      h('time', { className: 'compaction-time', text: formatFullDate(entry.timestamp), attrs: { datetime: entry.timestamp } })),
    h('details', { className: 'compaction-summary', attrs: { open: true } },
      h('summary', { text: 'Summary sent to the model in place of the dimmed messages' }),
      h('p', { className: 'compaction-text', text: entry.summary })));
}

function corruptPlaceholder(item: CorruptItem): HTMLElement {
  return h('div', { className: 'corrupt-entry', testId: 'corrupt-entry', data: { seq: String(item.seq) } },
    icon(ICONS.alert),
    h('span', { text: `Message #${item.seq} could not be read. It is still stored, unchanged; this version of the app skips it.` }));
}

function setFoldedTag(element: HTMLElement, folded: boolean): void {
  const existing = element.querySelector(':scope > .folded-tag, :scope > .msg-body > .folded-tag');
  if (folded && existing === null) {
    const host = element.querySelector(':scope > .msg-body') ?? element;
    host.append(h('span', { className: 'folded-tag', text: 'not sent to the model' }));
  } else if (!folded && existing !== null) {
    existing.remove();
  }
}
