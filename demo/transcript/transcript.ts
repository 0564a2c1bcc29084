// The transcript of the open conversation: the last page of the head's path (the branch the
// user is on), new entries added as they are appended here or in another tab, the path swapped
// below its fork point when the head moves to another branch, and the in-memory partial of a
// reply that is streaming. Paging in older entries is OlderPages' part; how it all is drawn and
// scrolled is TranscriptView's.
import type { AssistantMessage, ConvologStore, Entry, MessageEntry } from '../../src/index.js';
import { TranscriptView } from './transcript-view.js';
import type { TranscriptItem } from './transcript-item.js';
import { LoadedPath } from './loaded-path.js';
import { PAGE_SIZE, PathReader, type PathRange } from './path-reader.js';
import { OlderPages } from './older-pages.js';
import type { ForkMap } from './branch-points.js';
import type { ActionAvailability, BranchHandlers } from './message-actions.js';
import { loadMarkdown } from './markdown.js';
import { measureContext } from './context-meter.js';
import { TurnFailures, type TurnFailure } from './turn-failure.js';
import { ImageViewer } from './image-viewer.js';

/** After a switch, the new branch below its fork point is read whole up to this many entries; a longer one opens at its end. */
const SWITCH_LIMIT = 400;
/** Above every seq: `beforeSeq` for "up to the end of the path". */
const PATH_END = Number.MAX_SAFE_INTEGER;

/** What the transcript reports to the app. */
export interface TranscriptEvents {
  /** Records that could not be read, the first time they are seen. */
  onCorrupt(seqs: readonly number[]): void;
  /** Loading failed. */
  onError(error: unknown): void;
  /** The path shown moved to another branch (what ends it, and so the banner and estimate, may differ). */
  onBranchChange?(): void;
  /** Edit, Regenerate and the version switcher; without them no branch actions are shown. */
  branches?: BranchHandlers;
}

/**
 * The scrolling transcript of one conversation: one path of its tree, root → head. Every read
 * of the store runs one at a time (PathReader), so pages and branch switches never interleave.
 */
export class Transcript {
  readonly element: HTMLElement;
  private readonly view: TranscriptView;
  private conversationId: string | undefined;
  private readonly path = new LoadedPath();
  private forks: ForkMap = new Map();
  private availability: ActionAvailability = { fork: true, switch: true };
  private turnActive = false;
  private loadingFirstPage = false;
  private headSyncQueued = false;
  /** `beginFork` cut the path: the next entry added is a fork even though it continues the cut path. */
  private forkPending = false;

  /** The failed turn of each chat, shown while its message ends the path. */
  private readonly failures = new TurnFailures();

  private readonly reader: PathReader;
  private readonly older: OlderPages;

  constructor(store: ConvologStore, private readonly events: TranscriptEvents, emptyState: HTMLElement) {
    this.reader = new PathReader(store, events);
    this.view = new TranscriptView(emptyState, () => void this.older.loadOlder());
    this.element = this.view.element;
    this.older = new OlderPages(this.path, this.reader, this.view, { layout: () => this.layout(), updateChrome: () => this.updateChrome() });
    // The card of a compaction tells the same size after it as the toast did: the store's measure.
    this.view.entries.measureCompaction = (entry) => measureContext(store, entry.conversationId, entry.id);
    const viewer = new ImageViewer();
    this.view.entries.media = {
      read: (id) => store.getAttachment(id),
      showFullSize: (blob, facts, opener) => viewer.open(blob, facts, opener),
    };
    // The Markdown renderer loads while the store opens, off the first screen's critical path.
    void loadMarkdown();
  }

  /** The conversation shown, if any. */
  get openId(): string | undefined {
    return this.conversationId;
  }

  /** The id of the newest entry shown: the leaf of the path on screen (the head, once in sync). */
  get tipId(): string | undefined {
    return this.path.tip()?.id;
  }

  /** The message entries loaded, ascending (for the offline view of the tail). */
  loadedMessageEntries(): MessageEntry[] {
    return this.path.sorted().filter((item): item is MessageEntry => item.type === 'message');
  }

  /** Shows `conversationId` from the last page of its head's path; `undefined` shows the empty state. */
  async open(conversationId: string | undefined, lastSeq: number): Promise<void> {
    this.reader.switchTo(conversationId);
    this.conversationId = conversationId;
    this.path.clear();
    this.view.entries.clear();
    this.forks = new Map();
    this.setStreaming(undefined);
    this.view.showFailure(undefined);
    this.loadingFirstPage = conversationId !== undefined && lastSeq > 0;
    this.updateChrome();
    if (!this.loadingFirstPage) return;
    const generation = this.reader.current;
    await this.reader.exclusive(async () => {
      try {
        // Answers are drawn once, as Markdown, rather than as raw text that then jumps.
        const [page] = await Promise.all([this.read({ beforeSeq: lastSeq + 1, limit: PAGE_SIZE }), loadMarkdown()]);
        if (page !== undefined) this.applyMerge(page, page.length < PAGE_SIZE, false);
      } finally {
        if (this.reader.isCurrent(generation)) this.loadingFirstPage = false;
      }
    });
    if (!this.reader.isCurrent(generation)) return;
    this.updateChrome();
    this.scrollToBottom();
    await this.older.fillViewport();
  }

  /**
   * Adds entries just written (here or in another tab). One that continues the path, or forks
   * from an entry shown, is placed at once (what was below its fork point leaves the screen);
   * anything else makes the transcript re-read the head's path.
   */
  addEntries(conversationId: string, entries: readonly Entry[]): void {
    if (conversationId !== this.conversationId) return;
    const stick = this.view.isNearBottom();
    let forked = false;
    let changed = false;
    for (const entry of [...entries].sort((left, right) => left.seq - right.seq)) {
      const placement = this.path.add(entry);
      if (placement === 'known') continue;
      if (placement === 'elsewhere') {
        void this.syncHead();
        break;
      }
      forked ||= placement === 'forks' || this.forkPending;
      this.forkPending = false;
      changed = true;
    }
    if (!changed) return;
    this.layout();
    if (stick) this.view.scrollToBottom();
    if (forked) {
      void this.refreshForks();
      this.events.onBranchChange?.();
    }
  }

  /**
   * Shows the path only down to `anchorId` (`null`: nothing), where a new branch is about to
   * grow (a regenerated answer streams below it). `syncHead` puts back the head's path if
   * nothing gets written.
   */
  beginFork(anchorId: string | null): void {
    if (!this.path.cutBelow(anchorId)) return;
    // What is written next continues the cut path, but it is a new version of what was cut.
    this.forkPending = true;
    this.layout();
    this.scrollToBottom();
  }

  /** Follows the conversation's head (another tab switched or wrote): re-reads the path unless it ends there already. */
  followHead(headId: string | null): void {
    if (this.conversationId === undefined || this.turnActive || this.loadingFirstPage) return;
    if (headId === (this.tipId ?? null)) return;
    void this.syncHead();
  }

  /** Re-reads the last page of the head's path and shows it, keeping what it shares with the screen. */
  syncHead(): Promise<void> {
    if (this.headSyncQueued) return this.reader.idle;
    this.headSyncQueued = true;
    return this.reader.exclusive(async () => {
      this.headSyncQueued = false;
      await this.readHeadPage();
    });
  }

  /**
   * Shows the head's path below `anchorId` (the fork point of a switch: `null` for the root)
   * after `checkout`, keeping everything above it in place on screen.
   */
  showBranch(anchorId: string | null, headId: string): Promise<void> {
    return this.reader.exclusive(async () => {
      const anchor = anchorId === null ? undefined : this.path.entryById(anchorId);
      if (anchorId !== null && anchor === undefined) {
        await this.readHeadPage();
        return;
      }
      const version = this.path.version;
      const page = await this.read({ leafId: headId, afterSeq: anchor?.seq ?? 0, limit: SWITCH_LIMIT });
      if (page === undefined) return;
      if (page.length >= SWITCH_LIMIT || version !== this.path.version) {
        await this.readHeadPage();
        return;
      }
      // No jump to the bottom: the app keeps the clicked switcher where it was (keepSwitcherAt).
      this.applyMerge(page, anchor === undefined, true, false);
    });
  }

  /**
   * Scrolls entry `entryId` (at `seq`, on the path shown) into the middle of the view, first
   * reading the path back to it in one read when it is older than what is loaded (a search hit
   * far up a long chat). Returns its element, or `undefined` when it is not on the path shown.
   */
  async reveal(entryId: string, seq: number): Promise<HTMLElement | undefined> {
    await this.older.loadBackTo(seq);
    const element = this.view.entries.elementOf(entryId);
    if (element !== undefined) this.view.center(element);
    return element;
  }

  /** Focuses the switcher of the versions of `entryId` (its view replaced the one whose button was pressed). */
  focusSwitcher(entryId: string, direction: 'prev' | 'next'): void {
    this.view.entries.focusSwitcher(entryId, direction);
  }

  /** Where the switcher of the versions of `entryId` is, from the top of the scroll box (px), if shown. */
  switcherOffset(entryId: string): number | undefined {
    const switcher = this.view.entries.switcherHolder(entryId)?.querySelector('.branch-switcher');
    return switcher === null || switcher === undefined ? undefined : this.view.offsetOf(switcher);
  }

  /** Scrolls so the switcher of the versions of `entryId` is `offset` px from the top of the box (where the one clicked was). */
  keepSwitcherAt(entryId: string, offset: number): void {
    const switcher = this.view.entries.switcherHolder(entryId)?.querySelector('.branch-switcher');
    if (switcher !== null && switcher !== undefined) this.view.scrollBy(this.view.offsetOf(switcher) - offset);
  }

  /** Whether Edit/Regenerate (`fork`) and the switcher (`switch`) may be used now. */
  setActionAvailability(availability: ActionAvailability): void {
    if (availability.fork === this.availability.fork && availability.switch === this.availability.switch) return;
    this.availability = availability;
    this.layout();
  }

  /** Shows (or, with `undefined`, removes) the partial reply that is streaming. */
  setStreaming(message: AssistantMessage | undefined): void {
    // A later snapshot of the reply on screen: the view draws the newest once per frame and keeps
    // the bottom in view itself. Reading the layout here on every chunk reflowed the whole
    // transcript each time (5 of a 9.4 s turn with 660 messages shown).
    if (message !== undefined && this.view.isStreaming) return this.view.showStreaming(message);
    const stick = this.view.isNearBottom();
    this.view.showStreaming(message);
    this.updateChrome();
    if (stick) this.view.scrollToBottom();
  }

  /** Marks a tool call as running in this tab (or done). */
  setToolRunning(callId: string, running: boolean): void {
    this.view.entries.setToolRunning(callId, running);
    this.layout();
  }

  /** Whether a turn of this tab is running in the open chat (its unanswered calls are queued, not lost). */
  setTurnActive(active: boolean): void {
    this.turnActive = active;
    this.view.entries.setTurnActive(active);
    this.layout();
  }

  /** Scrolls to the newest message. */
  scrollToBottom(): void {
    this.view.scrollToBottom();
  }

  /** Records (or, with `undefined`, clears) the failed turn of chat `conversationId`. */
  setFailure(conversationId: string, failure: TurnFailure | undefined): void {
    this.failures.set(conversationId, failure);
    this.updateFailure();
  }

  /** The open chat's failure card, while its unanswered message ends the path and no turn runs. */
  private updateFailure(): void {
    this.view.showFailure(this.turnActive ? undefined : this.failures.cardFor(this.conversationId, this.tipId));
  }

  /** Reads the head's last page and joins it to the screen; read again when something changed meanwhile. */
  private async readHeadPage(): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const version = this.path.version;
      const page = await this.read({ beforeSeq: PATH_END, limit: PAGE_SIZE });
      if (page === undefined) return;
      if (version !== this.path.version) continue;
      this.applyMerge(page, page.length < PAGE_SIZE);
      return;
    }
  }

  private read(range: PathRange): Promise<TranscriptItem[] | undefined> {
    return this.reader.read(range, this.path);
  }

  /**
   * Shows `page` (the path's end) joined to what is loaded; `reachesStart`: it goes back to the
   * path's first entry. `announce`: tell the app the branch changed (not on opening a chat).
   */
  private applyMerge(page: readonly TranscriptItem[], reachesStart: boolean, announce = true, follow = true): void {
    const stick = follow && this.view.isNearBottom();
    const outcome = this.path.merge(page, reachesStart);
    if (outcome === 'unchanged') return;
    this.layout();
    if (outcome === 'replace' || stick) this.view.scrollToBottom();
    void this.refreshForks();
    if (announce) this.events.onBranchChange?.();
  }

  /** Re-reads the conversation's fork points, for the version switchers. */
  private async refreshForks(): Promise<void> {
    if (this.events.branches === undefined) return;
    const forks = await this.reader.forks();
    if (forks === undefined) return;
    this.forks = new Map(forks.map((fork) => [fork.parentId, fork.childIds]));
    this.layout();
  }

  private layout(): void {
    this.view.entries.render(this.path.sorted(), this.path.atStart, { forks: this.forks, availability: this.availability, handlers: this.events.branches });
    this.updateChrome();
    this.updateFailure();
  }

  private updateChrome(): void {
    this.view.showLoadState({
      open: this.conversationId !== undefined, loaded: this.path.size > 0, atStart: this.path.atStart,
      loadingFirstPage: this.loadingFirstPage, loadingOlder: this.older.loading,
    });
  }
}
