// Notices: the one place where the demo tells the user what happened (settled tool calls,
// import warnings, unreadable messages, endpoint errors, changes from other tabs).
import { h, icon } from './dom.js';
import { ICONS, type IconName } from './icons.js';

/** How a notice looks. */
export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

/** A notice to show. */
export interface NoticeInit {
  tone: NoticeTone;
  title: string;
  /** Further lines, rendered as a list (import warnings, corrupt seqs). */
  details?: readonly string[];
  action?: { label: string; run: () => void };
  /** Milliseconds until it goes by itself; 0 keeps it until dismissed. Defaults by tone. */
  timeout?: number;
  /** A notice with the same key replaces the previous one. */
  key?: string;
}

const TONE_ICONS: Record<NoticeTone, IconName> = { info: 'info', success: 'check', warning: 'alert', error: 'alert' };
const DEFAULT_TIMEOUT: Record<NoticeTone, number> = { info: 6000, success: 5000, warning: 0, error: 0 };
const MAX_VISIBLE = 3;

/** The stack of notices at the top of the chat pane. */
export class Notices {
  readonly element = h('div', { className: 'notices', attrs: { 'aria-live': 'polite', role: 'status' } });

  /** Shows a notice and returns a function that dismisses it. */
  show(init: NoticeInit): () => void {
    if (init.key !== undefined) this.element.querySelector(`[data-key="${CSS.escape(init.key)}"]`)?.remove();
    const dismiss = (): void => {
      node.classList.add('is-leaving');
      setTimeout(() => node.remove(), 160);
    };
    const node = h('div', { className: `notice notice-${init.tone}`, testId: 'notice', data: { tone: init.tone, key: init.key } },
      icon(ICONS[TONE_ICONS[init.tone]], 'icon notice-icon'),
      h('div', { className: 'notice-body' },
        h('p', { className: 'notice-title', text: init.title }),
        init.details && init.details.length > 0
          ? h('ul', { className: 'notice-details' }, ...init.details.map((line) => h('li', { text: line })))
          : null,
        init.action
          ? h('button', { className: 'btn btn-small notice-action', text: init.action.label, attrs: { type: 'button' },
              on: { click: () => { dismiss(); init.action?.run(); } } })
          : null),
      h('button', { className: 'icon-button notice-close', attrs: { type: 'button', 'aria-label': 'Dismiss' }, on: { click: dismiss } },
        icon(ICONS.close)));
    this.element.append(node);
    while (this.element.children.length > MAX_VISIBLE) this.element.firstElementChild?.remove();
    const timeout = init.timeout ?? DEFAULT_TIMEOUT[init.tone];
    if (timeout > 0) setTimeout(dismiss, timeout);
    return dismiss;
  }

  /** Removes every notice (when another chat opens). */
  clear(): void {
    this.element.replaceChildren();
  }
}

/** A one-line description of any thrown value, for a notice. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
