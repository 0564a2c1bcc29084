// The sidebar's chats as a window of pages over the store's list (DESIGN §20): the first page
// on start, the next as the user scrolls down, the one before as they scroll back up. At most
// MAX_PAGES are held (and in the DOM): whatever the number of chats, the sidebar holds a few
// hundred. Each page remembers where it starts (the chat before it), so a dropped page reads again.
import type { Conversation, ConvologStore } from '../../src/index.js';

/** Chats read per page. */
export const PAGE_SIZE = 50;
/** Pages held at once. */
const MAX_PAGES = 4;

type Position = Pick<Conversation, 'id' | 'updatedAt'>;

/** A window of pages over `listConversations`, filtered by title or not. */
export class ChatListPager {
  /** `starts[k]`: where page k starts (the last chat of page k-1); undefined for the first. */
  private starts: Array<Position | undefined> = [undefined];
  /** The index of the first page held. */
  private first = 0;
  private pages: Conversation[][] = [];
  private titleQuery = '';
  /** The last page held is the end of the list. */
  private ended = true;
  /** Bumped by every reset: an answer for an older query or window is dropped. */
  private generation = 0;

  constructor(private readonly store: ConvologStore) {}

  /** The chats held, in list order. */
  get conversations(): Conversation[] {
    return this.pages.flat();
  }

  /** Whether pages before the window were dropped (scrolling up reads them again). */
  get hasBefore(): boolean {
    return this.first > 0;
  }

  /** Whether the last page held was full (there may be more after it). */
  get hasAfter(): boolean {
    return !this.ended;
  }

  /** The filter in force. */
  get query(): string {
    return this.titleQuery;
  }

  /** Starts over at the top, with `titleQuery` (blank: every chat). */
  async reset(titleQuery: string): Promise<void> {
    const generation = ++this.generation;
    const page = await this.read(undefined, PAGE_SIZE + 1, titleQuery);
    if (generation !== this.generation) return;
    this.titleQuery = titleQuery;
    this.starts = [undefined];
    this.first = 0;
    // One more than a page says whether there is a next one, so the end of the list shows as soon as it is read.
    this.ended = page.length <= PAGE_SIZE;
    this.pages = [page.slice(0, PAGE_SIZE)];
  }

  /** Reads the window again (after a change): the same pages from the same start. */
  async refresh(): Promise<void> {
    const generation = this.generation;
    const held = Math.max(PAGE_SIZE, this.conversations.length);
    const read = await this.read(this.starts[this.first], held + 1, this.titleQuery);
    const chats = read.slice(0, held);
    if (generation !== this.generation) return;
    this.pages = [chats.slice(0, PAGE_SIZE)];
    for (let start = PAGE_SIZE; start < chats.length; start += PAGE_SIZE) this.pages.push(chats.slice(start, start + PAGE_SIZE));
    this.starts.length = this.first + 1;
    for (let index = 1; index < this.pages.length; index++) this.starts[this.first + index] = this.pages[index - 1]!.at(-1);
    this.ended = read.length <= held;
  }

  /** Reads the page after the window; drops the first held page when over the limit. Whether it read one. */
  async loadAfter(): Promise<boolean> {
    const last = this.pages.at(-1)?.at(-1);
    if (!this.hasAfter || last === undefined) return false;
    const generation = this.generation;
    const read = await this.read(last, PAGE_SIZE + 1, this.titleQuery);
    if (generation !== this.generation || this.pages.at(-1)?.at(-1) !== last) return false;
    this.ended = read.length <= PAGE_SIZE;
    const page = read.slice(0, PAGE_SIZE);
    if (page.length === 0) return false;
    this.starts[this.first + this.pages.length] = last;
    this.pages.push(page);
    if (this.pages.length > MAX_PAGES) {
      this.pages.shift();
      this.first += 1;
    }
    return true;
  }

  /** Reads the page before the window again; drops the last held page when over the limit. */
  async loadBefore(): Promise<boolean> {
    if (this.first === 0) return false;
    const generation = this.generation;
    const first = this.first;
    const page = await this.read(this.starts[first - 1], PAGE_SIZE, this.titleQuery);
    if (generation !== this.generation || first !== this.first) return false;
    this.first -= 1;
    this.pages.unshift(page);
    if (this.pages.length > MAX_PAGES) {
      this.pages.pop();
      this.ended = false;
    }
    return true;
  }

  private read(startAfter: Position | undefined, limit: number, titleQuery: string): Promise<Conversation[]> {
    return this.store.listConversations({
      limit, ...(startAfter === undefined ? {} : { startAfter }), ...(titleQuery.trim() === '' ? {} : { titleQuery }),
    });
  }
}
