// The transcript's scroll box around the drawn entries (TranscriptLayout): the line above them
// ("Load older messages", a spinner while a page loads, or "Beginning of this chat"), the empty
// state, the partial reply streaming below them, and where the box is scrolled: it stays at the
// bottom while the user is there, and keeps the messages in place as older ones are drawn above.
// What is loaded, and when, is Transcript's part.
import type { AssistantMessage } from '../../src/index.js';
import { h } from '../shared/dom.js';
import { LiveMessage } from './live-message.js';
import { TranscriptLayout } from './transcript-layout.js';

/** Nearer the top than this (px), the oldest entry loaded is about to show: older ones are asked for. */
const NEAR_TOP = 240;
/** Nearer the bottom than this (px) counts as being at the bottom: what is added keeps the view there. */
const NEAR_BOTTOM = 120;

/** How far loading has got, for the line above the entries and the empty state. */
export interface LoadState {
  /** A conversation is open. */
  open: boolean;
  /** Some of its path is loaded. */
  loaded: boolean;
  /** Its first page is being read (the empty state would flash). */
  loadingFirstPage: boolean;
  /** An older page is being read. */
  loadingOlder: boolean;
  /** The path's first entry is loaded: nothing older to page in. */
  atStart: boolean;
}

/** The scrolling element of the transcript and everything drawn in it. */
export class TranscriptView {
  readonly element: HTMLElement;
  /** The entries of the path on screen. */
  readonly entries = new TranscriptLayout();
  private readonly liveElement = h('div', { className: 'live' });
  private readonly failureElement = h('div', { className: 'failure-slot' });
  private readonly topElement = h('div', { className: 'transcript-top' });
  private streaming: LiveMessage | undefined;
  /** The newest snapshot not drawn yet, and the animation frame that will draw it. */
  private pending: AssistantMessage | undefined;
  private frame = 0;
  private pinned = true;
  /** What the top line last showed ("Load older messages", a spinner, the start), so an unchanged state redraws nothing. */
  private shownTop = '';

  /** `loadOlder` runs when the user scrolls near the top or presses "Load older messages". */
  constructor(private readonly emptyElement: HTMLElement, private readonly loadOlder: () => void) {
    this.element = h('div', { className: 'transcript', attrs: { role: 'log', 'aria-label': 'Messages', tabindex: '0' } },
      h('div', { className: 'transcript-inner' }, this.topElement, this.emptyElement, this.entries.element, this.liveElement, this.failureElement));
    this.element.addEventListener('scroll', () => {
      this.pinned = this.isNearBottom();
      if (this.element.scrollTop < NEAR_TOP) this.loadOlder();
    }, { passive: true });
    // Notices and the banner below change the transcript's height: stay at the bottom if we were there.
    new ResizeObserver(() => {
      if (this.pinned) this.scrollToBottom();
    }).observe(this.element);
  }

  /** Shows (or, with `undefined`, removes) the partial reply that is streaming; `showLoadState` follows. */
  showStreaming(message: AssistantMessage | undefined): void {
    if (message === undefined) {
      cancelAnimationFrame(this.frame);
      this.frame = 0;
      this.pending = undefined;
      this.streaming = undefined;
      this.liveElement.replaceChildren();
      return;
    }
    if (this.streaming === undefined) {
      this.streaming = new LiveMessage();
      this.liveElement.replaceChildren(this.streaming.element);
      this.streaming.update(message);
      return;
    }
    // Later snapshots are drawn once per frame, the newest one.
    this.pending = message;
    if (this.frame === 0) this.frame = requestAnimationFrame(() => this.drawPending());
  }

  private drawPending(): void {
    this.frame = 0;
    const message = this.pending;
    this.pending = undefined;
    if (message === undefined || this.streaming === undefined) return;
    const stick = this.isNearBottom();
    this.streaming.update(message);
    if (stick) this.scrollToBottom();
  }

  /** Shows (or, with `undefined`, removes) the card of a failed turn below the entries. */
  showFailure(card: HTMLElement | undefined): void {
    if (card === undefined) {
      this.failureElement.replaceChildren();
      return;
    }
    if (this.failureElement.firstChild === card) return;
    const stick = this.isNearBottom();
    this.failureElement.replaceChildren(card);
    if (stick) this.scrollToBottom();
  }

  /** Shows the empty state or the line above the entries for `state`. */
  showLoadState(state: LoadState): void {
    const empty = !state.loadingFirstPage && !state.loaded && this.streaming === undefined;
    this.emptyElement.hidden = !empty;
    this.element.classList.toggle('is-empty', empty);
    // Redrawn only when it changes: a new node above hundreds of messages makes the next read of
    // the layout reflow them all.
    const top = !state.open || !state.loaded ? 'none' : state.atStart ? 'start' : state.loadingOlder ? 'loading' : 'more';
    if (top === this.shownTop) return;
    this.shownTop = top;
    this.topElement.replaceChildren();
    if (top === 'none') return;
    if (!state.atStart) {
      this.topElement.append(state.loadingOlder
        ? h('span', { className: 'spinner' })
        : h('button', { className: 'btn btn-small btn-ghost', text: 'Load older messages', attrs: { type: 'button' }, on: { click: () => this.loadOlder() } }));
    } else {
      this.topElement.append(h('span', { className: 'transcript-start', text: 'Beginning of this chat' }));
    }
  }

  /** Whether a partial reply is on screen (between its first snapshot and its removal). */
  get isStreaming(): boolean {
    return this.streaming !== undefined;
  }

  /** Whether the entries fall short of filling the box, so no scroll event would ever ask for older ones. */
  get underfilled(): boolean {
    return this.element.scrollHeight <= this.element.clientHeight + NEAR_TOP;
  }

  /** Runs `change` (older entries drawn above) keeping the messages on screen where they are. */
  keepingPosition(change: () => void): void {
    const fromBottom = this.element.scrollHeight - this.element.scrollTop;
    change();
    this.element.scrollTop = this.element.scrollHeight - fromBottom;
  }

  /** Scrolls `element` (an entry's view) into the middle of the box. */
  center(element: HTMLElement): void {
    element.scrollIntoView({ block: 'center' });
    this.pinned = this.isNearBottom();
  }

  /** Where `element` is, from the top of the scroll box (px). */
  offsetOf(element: Element): number {
    return element.getBoundingClientRect().top - this.element.getBoundingClientRect().top;
  }

  /** Scrolls by `delta` px (as far as the content allows). */
  scrollBy(delta: number): void {
    this.element.scrollTop += delta;
    this.pinned = this.isNearBottom();
  }

  /** Scrolls to the newest message. */
  scrollToBottom(): void {
    this.element.scrollTop = this.element.scrollHeight;
    this.pinned = true;
  }

  isNearBottom(): boolean {
    return this.element.scrollHeight - this.element.scrollTop - this.element.clientHeight < NEAR_BOTTOM;
  }
}
