// The chats the sidebar shows: pages read through ChatListPager (first page, next and previous
// as the list scrolls, a title filter, a re-read after changes), with chats deleted under Undo
// left out. Failures are a notice; the list then stays as it was.
import type { ConvologStore } from '../../src/index.js';
import type { Sidebar } from '../chat-list/sidebar.js';
import { describeError } from '../shared/notices.js';
import type { AppHost } from './app-host.js';
import { ChatListPager } from './chat-list-pager.js';

/** Reads the sidebar's pages and shows them. */
export class SidebarList {
  private readonly pager: ChatListPager;
  /** A page read for scrolling is under way: one at a time. */
  private paging = false;

  constructor(store: ConvologStore, private readonly app: Pick<AppHost, 'pendingDeletes' | 'notices' | 'conversations' | 'open'>, private readonly sidebar: () => Sidebar) {
    this.pager = new ChatListPager(store);
  }

  /** Reads the pages on screen again (after a change). */
  refresh(): Promise<void> {
    return this.read(() => this.pager.refresh());
  }

  /** Shows the first page of the chats whose title matches `query` ('' for every chat). */
  filter(query: string): Promise<void> {
    return this.read(() => this.pager.reset(query));
  }

  /** Reads the page after (or the dropped page before) the ones on screen. */
  async loadPage(edge: 'before' | 'after'): Promise<void> {
    if (this.paging) return;
    this.paging = true;
    try {
      await this.read(() => (edge === 'after' ? this.pager.loadAfter() : this.pager.loadBefore()));
    } finally {
      this.paging = false;
    }
  }

  /** Shows what the pager holds (after a chat was hidden or shown again). */
  show(): void {
    this.app.conversations = this.app.pendingDeletes.visible(this.pager.conversations);
    this.sidebar().update(this.app.conversations, this.app.open?.id, { hasBefore: this.pager.hasBefore, hasAfter: this.pager.hasAfter, filter: this.pager.query });
  }

  private async read(read: () => Promise<unknown>): Promise<void> {
    try {
      await read();
    } catch (error) {
      this.app.notices.show({ tone: 'error', key: 'list', title: 'Could not read the list of chats.', details: [describeError(error)] });
      return;
    }
    this.show();
  }
}
