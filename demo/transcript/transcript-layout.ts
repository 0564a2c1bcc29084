// Rendering of the transcript's loaded entries, apart from how they are paged in: tool results
// under their call, compaction markers before the first message they kept, folded messages
// dimmed under one label, each tool call's status, and each message's branch actions (switcher,
// Edit, Regenerate).
import type { CompactionEntry, ContextTokens } from '../../src/index.js';
import { h } from '../shared/dom.js';
import { messageView, type MessageView } from './message-view.js';
import type { MediaAccess } from './attachment-view.js';
import { formatTokens } from '../shared/format.js';
import { compactionMarker, corruptPlaceholder, foldedRangeLabel } from './entry-views.js';
import type { TranscriptItem } from './transcript-item.js';
import { branchPoints, type ForkMap } from './branch-points.js';
import { focusSwitcher, syncMessageActions, type ActionAvailability, type BranchHandlers } from './message-actions.js';

/** What the layout needs to draw branch actions: the fork points and whether actions may run now. */
export interface BranchView {
  forks: ForkMap;
  availability: ActionAvailability;
  handlers: BranchHandlers | undefined;
}

/** A compaction marker and the message it must precede. */
interface Marker { element: HTMLElement; firstKeptId: string }

/** The list of entry views of one conversation, kept in order as entries arrive. */
export class TranscriptLayout {
  /** The container of the entry views. */
  readonly element = h('div', { className: 'entries' });
  private readonly views = new Map<number, MessageView | HTMLElement>();
  private readonly runningCalls = new Set<string>();
  private turnActive = false;
  /** The one label over the dimmed range a compaction folded away. */
  private readonly foldLabel = foldedRangeLabel();
  /** Each compaction's context size right after it, as the store measures it (compaction id →). */
  private readonly compactionSizes = new Map<string, ContextTokens | 'pending'>();

  /**
   * Measures the context a compaction left (the summary and the messages it kept): the same
   * measure the toast after compacting reports, read from the store, not from what is loaded.
   */
  measureCompaction: ((entry: CompactionEntry) => Promise<ContextTokens>) | undefined;

  /** Reads the attachments of messages and shows an image full size. */
  media: MediaAccess | undefined;

  /** Forgets every view and running call (another conversation is opening). */
  clear(): void {
    this.views.clear();
    this.element.replaceChildren();
    this.runningCalls.clear();
  }

  /** Marks a tool call as running in this tab (or done); takes effect at the next `render`. */
  setToolRunning(callId: string, running: boolean): void {
    if (running) this.runningCalls.add(callId);
    else this.runningCalls.delete(callId);
  }

  /** Whether unanswered calls are queued behind a running turn; takes effect at the next `render`. */
  setTurnActive(active: boolean): void {
    this.turnActive = active;
  }

  /**
   * Puts every loaded item where it belongs: tool results under their call, a compaction
   * marker just before the first message it kept, folded messages dimmed. Nodes are created
   * once per entry and only moved, so scrolling and selection survive updates. `items` is one
   * path of the conversation's tree; `wholePath` says its first entry is loaded.
   */
  render(items: readonly TranscriptItem[], wholePath: boolean, branch: BranchView): void {
    const fold = foldBoundary(items, wholePath);
    const points = branch.handlers === undefined ? undefined : branchPoints(items, branch.forks);
    const top: HTMLElement[] = [];
    const slots = new Map<string, HTMLElement>();
    const messageElements = new Map<string, HTMLElement>();
    const markers: Marker[] = [];
    const lastCompaction = items.filter((item) => item.type === 'compaction').at(-1);
    let firstFolded: HTMLElement | undefined;

    for (const item of items) {
      if (item.type === 'corrupt') {
        top.push(this.viewOf(item) as HTMLElement);
        continue;
      }
      if (item.type === 'compaction') {
        const element = this.viewOf(item) as HTMLElement;
        element.classList.toggle('is-superseded', item !== lastCompaction);
        this.updateCompactionStats(element, item);
        const point = points?.get(item.id);
        if (point !== undefined) syncMessageActions(element, item, point, branch.availability, branch.handlers!);
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
          continue;
        }
      }
      view.element.classList.toggle('is-folded', folded);
      if (folded) firstFolded ??= view.element;
      const point = points?.get(item.id);
      if (point !== undefined) syncMessageActions(view.element, item, point, branch.availability, branch.handlers!);
      for (const [callId, slot] of view.resultSlots) slots.set(callId, slot);
      top.push(view.element);
    }

    placeMarkers(top, markers, messageElements);
    if (firstFolded !== undefined) top.splice(top.indexOf(firstFolded), 0, this.foldLabel);
    this.reconcile(top);
    this.updateToolStatuses(slots);
  }

  /** Focuses the switcher of the versions of `entryId` (after a switch by keyboard, its view is a new element). */
  focusSwitcher(entryId: string, direction: 'prev' | 'next'): void {
    const element = this.switcherHolder(entryId);
    if (element !== undefined) focusSwitcher(element, direction);
  }

  /** The view whose switcher flips the versions of `entryId` (that entry's, or the answer ending its turn). */
  switcherHolder(entryId: string): HTMLElement | undefined {
    return [...this.element.querySelectorAll<HTMLElement>('[data-versions-of]')].find((candidate) => candidate.dataset.versionsOf === entryId);
  }

  /** The view of entry `entryId` (a message, folded tool results included, or a compaction marker), if shown. */
  elementOf(entryId: string): HTMLElement | undefined {
    return [...this.element.querySelectorAll<HTMLElement>('[data-entry-id]')].find((candidate) => candidate.dataset.entryId === entryId);
  }

  private reconcile(top: readonly HTMLElement[]): void {
    const container = this.element;
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

  /** "~12,300 tokens → ~3,843 tokens": what the compaction recorded before, and the store's measure after. */
  private updateCompactionStats(element: HTMLElement, compaction: CompactionEntry): void {
    const stats = element.querySelector<HTMLElement>('.compaction-stats');
    if (stats === null) return;
    const size = this.compactionSizes.get(compaction.id);
    if (size === undefined && this.measureCompaction !== undefined) {
      this.compactionSizes.set(compaction.id, 'pending');
      // The context up to a compaction never changes (the log is append-only): measured once.
      void this.measureCompaction(compaction).then((measured) => {
        this.compactionSizes.set(compaction.id, measured);
        this.updateCompactionStats(element, compaction);
      }, () => this.compactionSizes.delete(compaction.id));
    }
    const after = size === undefined || size === 'pending' ? undefined : formatTokens(size.tokens);
    const before = compaction.tokensBefore === undefined ? undefined : formatTokens(compaction.tokensBefore);
    const text = before !== undefined ? `${before} → ${after ?? '…'}` : after !== undefined ? `${after} after` : '';
    if (stats.textContent !== text) stats.textContent = text;
  }

  private viewOf(item: TranscriptItem): MessageView | HTMLElement {
    const existing = this.views.get(item.seq);
    if (existing !== undefined) return existing;
    const view = item.type === 'message' ? messageView(item, this.media) : item.type === 'compaction' ? compactionMarker(item) : corruptPlaceholder(item);
    this.views.set(item.seq, view);
    return view;
  }
}

/** Moves each compaction marker just before the first message it kept, when that one is shown. */
function placeMarkers(top: HTMLElement[], markers: readonly Marker[], messageElements: ReadonlyMap<string, HTMLElement>): void {
  for (const marker of markers) {
    const kept = messageElements.get(marker.firstKeptId);
    if (kept === undefined || !top.includes(kept)) continue;
    top.splice(top.indexOf(marker.element), 1);
    top.splice(top.indexOf(kept), 0, marker.element);
  }
}

/** The first seq of the kept tail under the newest compaction loaded; older messages are folded. */
function foldBoundary(items: readonly TranscriptItem[], wholePath: boolean): number | undefined {
  const compaction = items.filter((item): item is CompactionEntry => item.type === 'compaction').at(-1);
  if (compaction === undefined) return undefined;
  const kept = items.find((item) => item.type === 'message' && item.id === compaction.firstKeptId);
  if (kept !== undefined) return kept.seq;
  // Not loaded: it is further up (nothing loaded is folded), or it does not exist, and then
  // the context starts right after the compaction entry.
  return wholePath ? compaction.seq : undefined;
}
