// Paging in the part of the path above what the transcript has loaded: a page at a time as the
// user scrolls up (or presses "Load older messages"), enough pages to fill the view after a chat
// opens, or everything back to an older entry in one read (a search hit far up a long chat).
import type { LoadedPath } from './loaded-path.js';
import { PAGE_SIZE, type PathRange, type PathReader } from './path-reader.js';
import type { TranscriptView } from './transcript-view.js';

/** How many seqs above a revealed entry are read with it (context above it on screen). */
const REVEAL_CONTEXT = 12;

/** What paging asks of the transcript it loads for. */
export interface PagingHost {
  /** Draws the loaded path again: older entries were placed. */
  layout(): void;
  /** Shows that a page started or stopped loading. */
  updateChrome(): void;
}

/** Reads of the path above its oldest loaded entry, queued with the transcript's other reads. */
export class OlderPages {
  private loadingPage = false;

  constructor(
    private readonly path: LoadedPath,
    private readonly reader: PathReader,
    private readonly view: TranscriptView,
    private readonly host: PagingHost,
  ) {}

  /** A page is being read. */
  get loading(): boolean {
    return this.loadingPage;
  }

  /** Loads the page before the oldest entry shown, keeping the visible messages in place. */
  async loadOlder(): Promise<void> {
    // With no chat open nothing is loaded, so `size === 0` covers that too.
    if (this.loadingPage || this.path.atStart || this.path.size === 0) return;
    this.loadingPage = true;
    this.host.updateChrome();
    try {
      await this.reader.exclusive(async () => {
        const version = this.path.version;
        const page = await this.reader.read({ ...this.alongTip(), beforeSeq: this.path.oldestSeq, limit: PAGE_SIZE }, this.path);
        if (page === undefined || version !== this.path.version) return; // the path changed meanwhile: the next scroll asks again
        this.view.keepingPosition(() => {
          for (const item of page) this.path.place(item);
          const first = page[0];
          if (page.length < PAGE_SIZE || first === undefined || (first.type !== 'corrupt' && first.parentId === null)) this.path.atStart = true;
          this.host.layout();
        });
      });
    } finally {
      this.loadingPage = false;
      this.host.updateChrome();
    }
  }

  /** Loads older pages while the entries fall short of the view: then no scroll event would ever ask for more. */
  async fillViewport(): Promise<void> {
    while (!this.path.atStart && this.view.underfilled) {
      const before = this.path.oldestSeq;
      await this.loadOlder();
      if (this.path.oldestSeq === before) return;
    }
  }

  /** Loads the path back to `seq` in one read, when it is older than what is loaded. */
  loadBackTo(seq: number): Promise<void> {
    return this.reader.exclusive(async () => {
      if (this.path.atStart || this.path.size === 0 || seq >= this.path.oldestSeq) return;
      const version = this.path.version;
      // A few entries above it too, so it can scroll to the middle of the view (seqs along a path grow, with gaps).
      const page = await this.reader.read({ ...this.alongTip(), afterSeq: Math.max(0, seq - 1 - REVEAL_CONTEXT), beforeSeq: this.path.oldestSeq }, this.path);
      if (page === undefined || version !== this.path.version) return;
      for (const item of page) this.path.place(item);
      const first = page[0];
      if (first !== undefined && first.type !== 'corrupt' && first.parentId === null) this.path.atStart = true;
      this.host.layout();
    });
  }

  /** Reads along the path on screen (its tip), not the head's, which may be on another branch meanwhile. */
  private alongTip(): PathRange {
    const tipId = this.path.tip()?.id;
    return tipId === undefined ? {} : { leafId: tipId };
  }
}
