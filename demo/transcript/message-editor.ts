// The inline editor of a user message: it takes the bubble's place; Send stores the new text as
// another version of the message (a sibling in the log's tree) and Cancel puts the bubble back.
import { h } from '../shared/dom.js';

/**
 * Opens the editor inside `message` (a user message element) with `text`. `onSave` receives
 * the new text; the editor closes either way. Does nothing when one is already open there.
 */
export function openMessageEditor(message: HTMLElement, text: string, onSave: (text: string) => void): void {
  if (message.querySelector(':scope > .msg-editor') !== null) return;
  const hidden = [...message.querySelectorAll<HTMLElement>(':scope > .bubble, :scope > .msg-actions')];
  const input = h('textarea', {
    className: 'msg-editor-input',
    testId: 'edit-input',
    attrs: { rows: 1, 'aria-label': 'Edit message', autocomplete: 'off', enterkeyhint: 'send' },
  });
  input.value = text;
  const save = h('button', { className: 'btn btn-small btn-primary', testId: 'edit-save', text: 'Send', attrs: { type: 'submit' } });
  const cancel = h('button', { className: 'btn btn-small btn-ghost', testId: 'edit-cancel', text: 'Cancel', attrs: { type: 'button' } });
  const form = h('form', { className: 'msg-editor' },
    input,
    h('div', { className: 'msg-editor-foot' },
      h('span', { className: 'msg-editor-hint', text: 'Sent as a new version; the current one stays a click away.' }),
      cancel, save));

  const close = (): void => {
    form.remove();
    for (const element of hidden) element.hidden = false;
  };
  const grow = (): void => {
    input.style.height = 'auto';
    input.style.height = `${Math.min(input.scrollHeight, 320)}px`;
  };
  const submit = (): void => {
    const value = input.value;
    if (value.trim() === '') return;
    close();
    onSave(value);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });
  cancel.addEventListener('click', () => {
    close();
    message.querySelector<HTMLElement>('[data-testid="edit-message"]')?.focus();
  });
  input.addEventListener('input', () => {
    grow();
    save.disabled = input.value.trim() === '';
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel.click();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      submit();
    }
  });

  for (const element of hidden) element.hidden = true;
  message.insertBefore(form, hidden[0] ?? message.firstChild);
  grow();
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
}
