// One chat's row in the sidebar: its button (title, last activity) and its "⋯" menu button. A row
// lives as long as its chat is in the list and is updated in place when the chat changes, so the
// button under a pointer or holding the keyboard focus is never swapped for a copy mid-click.
import type { Conversation } from '../../src/index.js';
import { h } from '../shared/dom.js';
import { formatFullDate, formatRelativeTime } from '../shared/format.js';

/** What a row's buttons ask for. */
export interface ChatRowHandlers {
  onOpen(conversationId: string): void;
  onRename(conversationId: string): void;
  /** The "⋯" button of `conversationId`, labelled for `title`. */
  menuButton(conversationId: string, title: string): HTMLElement;
}

/** A chat's `<li>`, built once and updated as the chat changes. */
export class ChatRow {
  readonly element: HTMLLIElement;
  private readonly button: HTMLButtonElement;
  private readonly title = h('span', { className: 'conversation-title' });
  private readonly time = h('time', { className: 'conversation-time' });
  private readonly menuButton: HTMLElement;

  constructor(conversationId: string, handlers: ChatRowHandlers) {
    this.button = h('button', {
      className: 'conversation-item',
      testId: 'conversation-item',
      data: { conversationId },
      attrs: { type: 'button' },
      on: { click: () => handlers.onOpen(conversationId), dblclick: () => handlers.onRename(conversationId) },
    }, this.title, this.time);
    this.menuButton = handlers.menuButton(conversationId, '');
    this.element = h('li', { className: 'conversation-row' }, this.button, this.menuButton);
  }

  /** Shows `conversation` as of `now`, marked current or not. */
  update(conversation: Conversation, current: boolean, now: Date): void {
    const title = conversation.title.trim() || 'Untitled chat';
    this.button.classList.toggle('is-current', current);
    if (current) this.button.setAttribute('aria-current', 'true');
    else this.button.removeAttribute('aria-current');
    setText(this.title, title);
    setText(this.time, formatRelativeTime(conversation.updatedAt, now));
    this.time.title = `Last activity ${formatFullDate(conversation.updatedAt)}`;
    this.time.dateTime = conversation.updatedAt;
    this.menuButton.setAttribute('aria-label', `Actions for "${title}"`);
  }
}

/** Writes `text` only when it changed: a screen reader reading the row is not interrupted for nothing. */
function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}
