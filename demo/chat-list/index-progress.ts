// A line at the top of the sidebar's foot while the store's search index catches up with a big
// import: how many messages it has left. Search already finds them (it reads what is not indexed
// yet, DESIGN §17); the line says why a search may be slower meanwhile, and that the work is going
// on. It used to sit under the search field, where appearing pushed the chat list down under the
// pointer: a click meant for a chat landed on a date heading (a CI run's long-chat scenario).
import { h } from '../shared/dom.js';

/** How often the count is read while the index is behind. */
const POLL_MS = 1_000;
/** Fewer messages left than this is a chat's last message waiting its 300 ms: not worth a line. */
const SHOW_FROM = 100;

/** The progress line; `watch()` after writes, it reads the count until nothing is left. */
export class IndexProgress {
  readonly element = h('p', { className: 'index-progress', testId: 'index-progress', attrs: { role: 'status' } });
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly status: () => Promise<{ pending: number }>) {
    this.element.hidden = true;
  }

  /** Something was written (here or in another tab): read the count soon, and again until it is 0. */
  watch(): void {
    this.timer ??= setTimeout(() => void this.poll(), POLL_MS);
  }

  private async poll(): Promise<void> {
    let pending = 0;
    try {
      ({ pending } = await this.status());
    } catch {
      // The store closed or failed: nothing to show; the next write watches again.
    }
    this.timer = undefined;
    this.element.hidden = pending < SHOW_FROM;
    this.element.textContent = pending < SHOW_FROM ? '' : `Indexing for search: ${pending.toLocaleString('en')} messages left`;
    if (pending > 0) this.watch();
  }
}
