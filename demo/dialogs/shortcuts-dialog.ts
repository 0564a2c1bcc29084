// The keyboard shortcuts help (`?`): a native modal <dialog>, so focus moves into it, stays in
// it, and Escape closes it with focus back where it was.
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';

/** One row of the help: the keys pressed together, and what they do. */
export interface ShortcutRow { keys: readonly string[]; does: string }

/** The shortcuts help dialog. */
export class ShortcutsDialog {
  readonly element: HTMLDialogElement;

  constructor(rows: readonly ShortcutRow[]) {
    const list = h('dl', { className: 'shortcut-list' }, ...rows.flatMap((row) => [
      h('dt', {}, ...row.keys.flatMap((key, index) => [index > 0 ? h('span', { className: 'shortcut-plus', text: '+' }) : null, h('kbd', { text: key })])),
      h('dd', { text: row.does }),
    ]));
    this.element = h('dialog', { className: 'dialog shortcuts-dialog', testId: 'shortcuts-dialog', attrs: { 'aria-labelledby': 'shortcuts-title' } },
      h('div', { className: 'settings-form' },
        h('div', { className: 'dialog-head' },
          h('h2', { text: 'Keyboard shortcuts', attrs: { id: 'shortcuts-title' } }),
          h('button', { className: 'icon-button', attrs: { type: 'button', 'aria-label': 'Close' }, on: { click: () => this.element.close() } }, icon(ICONS.close))),
        list));
    this.element.addEventListener('click', (event) => {
      if (event.target === this.element) this.element.close(); // a click on the backdrop
    });
  }

  /** Opens the help. */
  open(): void {
    if (!this.element.open) this.element.showModal();
  }
}
