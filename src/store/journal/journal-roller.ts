import type { StoreContext } from '../database/store-context.js';
import type { JournalIssue } from '../types/open-report.js';
import { SEGMENT_PREFIX, SNAPSHOT_PREFIX } from './journal-format.js';
import type { JournalStorage } from './journal-storage.js';
import { journalLockName, withLock } from './journal-lock.js';
import { describe } from './reset-marker.js';

/** Segments of this many bytes at least are rolled; fewer are not worth a snapshot's writing. @internal */
export const DEFAULT_ROLL_BYTES = 1024 * 1024;
/** And when they reach this share of the last snapshot: journal + snapshot stay ≤ 1.25× the snapshot. */
const ROLL_SHARE = 0.25;
/** Or when there are this many segment files (listing them is what restore and roll pay). */
const MAX_SEGMENTS = 256;

/**
 * Decides when the journal is rolled into a snapshot and does it in the background, one tab at a
 * time (a Web Lock per database where the engine has them). A roll that fails leaves the
 * journal as it was (and is an issue); one stopped by `close()` is no issue.
 * @internal
 */
export class JournalRoller {
  private bytes = 0;
  private segments = 0;
  private snapshotBytes = 0;
  private running: Promise<void> | undefined;
  private held = false;

  constructor(
    private readonly context: StoreContext,
    private readonly storage: JournalStorage,
    private readonly generation: number,
    private readonly minBytes: number,
    private readonly onIssue: (issue: JournalIssue) => void,
    /** Stops this tab's appends to its live file, so the roll takes what it holds. */
    private readonly seal: () => Promise<void> = async () => undefined,
  ) {}

  /** A batch of `bytes` was written, in a file of its own or appended to a live one. */
  written(bytes: number, newFile = true): void {
    this.bytes += bytes;
    if (newFile) this.segments++;
    if (this.due()) this.start(); // start() does nothing while held
  }

  /**
   * At open: rolls when there is no snapshot yet (a database older than its journal), too many
   * segments, or segments that reach the bound already (an earlier session closed before its
   * roll). It waits for a busy lock rather than skip: the lock may be an earlier open's, still
   * being released, and until the first snapshot the chats from before the journal have no copy.
   * `now`: rolls whatever the journal holds (the catch-up found an import or a `clear` cut off).
   */
  checkAtOpen(now = false): void {
    this.start(true, async () => {
      if (now) return true;
      const names = await this.storage.list();
      const snapshots = names.filter((name) => name.startsWith(SNAPSHOT_PREFIX)).sort();
      const segments = names.filter((name) => name.startsWith(SEGMENT_PREFIX));
      if (snapshots.length === 0 || segments.length >= MAX_SEGMENTS) return true;
      await this.countFiles(snapshots[snapshots.length - 1]!, segments);
      return this.due();
    });
  }

  /**
   * Counts what earlier sessions left: the newest snapshot's size and the segments'. Without it
   * every session's first MiB of writes rolled the whole database (the last snapshot's size was
   * known only to the session that wrote it): at 200,000 messages a roll of 12-56 s, reading every
   * entry on the page's thread, after each reload (DESIGN §21). Sizes on disk are UTF-8 bytes,
   * the session's own counts characters: the same for ASCII, and the bound stays within 3×.
   */
  private async countFiles(snapshot: string, segments: readonly string[]): Promise<void> {
    const { storage } = this;
    if (storage.size === undefined) return;
    const [snapshotBytes = 0, ...segmentBytes] = await Promise.all([snapshot, ...segments].map((name) => storage.size!(name)));
    this.snapshotBytes = snapshotBytes;
    // A segment this session wrote before the listing is counted twice: a roll comes a little early.
    this.bytes += segmentBytes.reduce((sum, bytes) => sum + bytes, 0);
    this.segments += segments.length;
  }

  /** Whether the segments reach the bound: max(`minBytes`, ¼ of the last snapshot), or too many files. */
  private due(): boolean {
    if (this.minBytes === Number.POSITIVE_INFINITY) return false; // this session never rolls
    return this.bytes >= Math.max(this.minBytes, this.snapshotBytes * ROLL_SHARE) || this.segments >= MAX_SEGMENTS;
  }

  /** Never rolls again in this session: a restore mid-session met something wrong, and the files may still be of use. */
  hold(): void {
    this.held = true;
  }

  /** Settles when no roll is running (tests, benchmarks). */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private start(wait = false, worthIt: () => Promise<boolean> = async () => true): void {
    if (this.running !== undefined || this.held) return;
    this.running = this.roll(wait, worthIt).finally(() => {
      this.running = undefined;
    });
  }

  private async roll(wait: boolean, worthIt: () => Promise<boolean>): Promise<void> {
    // After the write that asked for it has resolved: a roll is background work.
    await new Promise((resolve) => setTimeout(resolve, 0));
    try {
      await withLock(journalLockName(this.context.name), wait, async () => {
        if (this.context.connection.isClosed || !(await worthIt())) return;
        const counted = this.bytes;
        await this.seal();
        const { rollJournal } = await import('./roll-journal.js');
        this.snapshotBytes = await rollJournal(this.context, this.storage, this.generation);
        this.bytes -= counted;
        this.segments = 0;
      });
    } catch (error) {
      if (this.context.connection.isClosed) return;
      this.onIssue({ code: 'journal_write_failed', message: `Rolling the journal into a snapshot failed (${describe(error)}); the journal keeps its segments.` });
    }
  }
}
