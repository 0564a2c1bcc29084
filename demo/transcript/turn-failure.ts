// A turn that failed, shown with the chat it belongs to: under the user message left unanswered,
// what went wrong and a Retry (and any other way forward, such as Compact). Kept per chat, so it
// never follows the user to another chat and is there again when they come back; it goes when
// the message is answered (a reply succeeded) or is no longer the end of the path on screen.
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';

/** What failed, and what the user can do about it. */
export interface TurnFailure {
  /** The unanswered user message. */
  entryId: string;
  title: string;
  details: readonly string[];
  /** Retry first. */
  actions: readonly { label: string; run: () => void }[];
}

/** The failure card of a chat. */
export function turnFailureView(failure: TurnFailure): HTMLElement {
  return h('div', { className: 'turn-failure', testId: 'turn-failure', attrs: { role: 'alert' } },
    icon(ICONS.alert, 'icon turn-failure-icon'),
    h('div', { className: 'turn-failure-body' },
      h('p', { className: 'turn-failure-title', text: failure.title }),
      ...failure.details.map((line) => h('p', { className: 'turn-failure-detail', text: line })),
      h('div', { className: 'turn-failure-actions' },
        ...failure.actions.map((action, index) => h('button', {
          className: `btn btn-small${index === 0 ? ' btn-primary' : ''}`,
          testId: index === 0 ? 'retry-turn' : 'turn-failure-action',
          text: action.label,
          attrs: { type: 'button' },
          on: { click: action.run },
        })))));
}

/** The failed turn of each chat, and the card of each (built once, so focus on Retry survives redraws). */
export class TurnFailures {
  private readonly failures = new Map<string, TurnFailure>();
  private readonly cards = new WeakMap<TurnFailure, HTMLElement>();

  /** Records (or, with `undefined`, clears) the failed turn of chat `conversationId`. */
  set(conversationId: string, failure: TurnFailure | undefined): void {
    if (failure === undefined) this.failures.delete(conversationId);
    else this.failures.set(conversationId, failure);
  }

  /** The card to show in chat `conversationId` whose path ends at `tipId`: only while its unanswered message ends it. */
  cardFor(conversationId: string | undefined, tipId: string | undefined): HTMLElement | undefined {
    const failure = conversationId === undefined ? undefined : this.failures.get(conversationId);
    if (failure === undefined || tipId !== failure.entryId) return undefined;
    let card = this.cards.get(failure);
    if (card === undefined) {
      card = turnFailureView(failure);
      this.cards.set(failure, card);
    }
    return card;
  }
}
