// The row of branch actions under a message: the ‹ n/m › switcher between its versions, Edit on
// a user message, Regenerate on the answer that ends a turn. The row is built once per message
// view and updated in place, so a focused button keeps its focus across updates.
import type { Entry, MessageEntry } from '../../src/index.js';
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import { openMessageEditor } from './message-editor.js';
import { plainText } from '../model/offline-assistant.js';
import type { BranchPoint } from './branch-points.js';

/** What the branch actions ask the app to do. */
export interface BranchHandlers {
  /** Send `text` as a new version of the user message `entry` (a sibling: same parent). */
  onEdit(entry: MessageEntry, text: string): void;
  /** Write a new answer as a sibling of `turnStart`, the first entry of the turn shown. */
  onRegenerate(turnStart: Entry): void;
  /**
   * Show the version `targetId` of `entry` (the entry whose versions they are: a turn's first
   * entry, when the switcher sits on the answer ending it); `direction` is the button used.
   */
  onSwitch(entry: Entry, targetId: string, direction: 'prev' | 'next'): void;
}

/** Whether the actions may run now (not while a reply is written or a compaction runs). */
export interface ActionAvailability {
  /** Edit and Regenerate (they start a turn). */
  fork: boolean;
  /** The switcher (it moves the head). */
  switch: boolean;
}

interface ActionRow {
  row: HTMLElement;
  switcher: HTMLElement;
  previous: HTMLButtonElement;
  position: HTMLElement;
  next: HTMLButtonElement;
  edit: HTMLButtonElement | undefined;
  regenerate: HTMLButtonElement | undefined;
  /** The latest state, read by the click handlers. */
  current: { entry: Entry; point: BranchPoint };
}

const rows = new WeakMap<HTMLElement, ActionRow>();

/** Shows `point`'s actions under `element`, the view of `entry` (a user or assistant message, or a compaction). */
export function syncMessageActions(
  element: HTMLElement, entry: Entry, point: BranchPoint, availability: ActionAvailability, handlers: BranchHandlers,
): void {
  const actions = rows.get(element) ?? createRow(element, entry, point, handlers);
  actions.current = { entry, point };
  const { siblings } = point;
  // Which entry's versions this switcher flips (the app finds it again after a switch by that id).
  if (siblings === undefined) delete element.dataset.versionsOf;
  else element.dataset.versionsOf = (point.versionsOf ?? entry).id;
  // Only a message with versions has a switcher at all (not a hidden one): "no branch-position" means "one version".
  if (siblings === undefined) actions.switcher.remove();
  else if (actions.switcher.parentElement !== actions.row) placeSwitcher(actions);
  if (siblings !== undefined) {
    const number = siblings.index + 1;
    const count = siblings.ids.length;
    setText(actions.position, `${number}/${count}`);
    actions.switcher.setAttribute('aria-label', `Version ${number} of ${count}`);
    actions.previous.disabled = !availability.switch || number === 1;
    actions.next.disabled = !availability.switch || number === count;
  }
  if (actions.edit !== undefined) {
    actions.edit.hidden = !point.editable;
    actions.edit.disabled = !availability.fork;
  }
  if (actions.regenerate !== undefined) {
    actions.regenerate.hidden = point.regenerateFrom === undefined;
    actions.regenerate.disabled = !availability.fork;
  }
  actions.row.hidden = siblings === undefined && actions.edit?.hidden !== false && actions.regenerate?.hidden !== false
    && actions.row.querySelector('.copy-button') === null;
}

/** Moves focus to the switcher button `direction` of `element`'s row (or its other button when that one is disabled). */
export function focusSwitcher(element: HTMLElement, direction: 'prev' | 'next'): void {
  const actions = rows.get(element);
  if (actions === undefined || actions.switcher.parentElement !== actions.row) return;
  const [preferred, other] = direction === 'prev' ? [actions.previous, actions.next] : [actions.next, actions.previous];
  (preferred.disabled ? other : preferred).focus({ preventScroll: true });
}

function createRow(element: HTMLElement, entry: Entry, point: BranchPoint, handlers: BranchHandlers): ActionRow {
  const isUser = entry.type === 'message' && entry.message.role === 'user';
  const isAssistant = entry.type === 'message' && entry.message.role === 'assistant';
  const switchTo = (direction: 'prev' | 'next'): void => {
    const { entry: current, point: state } = actions.current;
    const target = state.siblings?.ids[state.siblings.index + (direction === 'prev' ? -1 : 1)];
    if (target !== undefined) handlers.onSwitch(state.versionsOf ?? current, target, direction);
  };
  const previous = iconButton('branch-prev', 'Previous version', ICONS.chevronLeft, () => switchTo('prev'));
  const next = iconButton('branch-next', 'Next version', ICONS.chevronRight, () => switchTo('next'));
  const position = h('span', { className: 'branch-position', testId: 'branch-position', attrs: { 'aria-hidden': 'true' } });
  const switcher = h('div', { className: 'branch-switcher', attrs: { role: 'group' } }, previous, position, next);
  const edit = isUser
    ? iconButton('edit-message', 'Edit message', ICONS.pencil, () => {
        const current = actions.current.entry;
        if (current.type !== 'message') return;
        openMessageEditor(element, plainText(current.message.content), (text) => handlers.onEdit(current, text));
      }, 'msg-action')
    : undefined;
  const regenerate = isAssistant
    ? iconButton('regenerate', 'Regenerate answer', ICONS.regenerate, () => {
        const from = actions.current.point.regenerateFrom;
        if (from !== undefined) handlers.onRegenerate(from);
      }, 'msg-action')
    : undefined;
  const host = element.querySelector<HTMLElement>(':scope > .msg-body') ?? element;
  // An answer's view has a row already (its Copy button): the branch actions go first in it.
  const existing = host.querySelector<HTMLElement>(':scope > .msg-actions');
  const row = existing ?? h('div', { className: 'msg-actions' });
  const own = isUser ? edit : regenerate;
  if (own !== undefined) row.prepend(own);
  const actions: ActionRow = { row, switcher, previous, position, next, edit, regenerate, current: { entry, point } };
  if (existing === null) host.insertBefore(row, host.querySelector(':scope > .msg-meta'));
  rows.set(element, actions);
  return actions;
}

/** The switcher goes after Edit on a user message (the row is right-aligned) and before Regenerate on an answer. */
function placeSwitcher(actions: ActionRow): void {
  if (actions.edit !== undefined) actions.edit.after(actions.switcher);
  else actions.row.prepend(actions.switcher);
}

function iconButton(testId: string, label: string, paths: readonly string[], onClick: () => void, extraClass = ''): HTMLButtonElement {
  return h('button', {
    className: `msg-action-button ${extraClass}`.trim(),
    testId,
    title: label,
    attrs: { type: 'button', 'aria-label': label },
    on: { click: onClick },
  }, icon(paths));
}

function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}
