// The app's keyboard shortcuts, in one table: the handler and the help dialog read the same list,
// so the help never lists a shortcut that does not work (or misses one that does).

/** What a shortcut does; the app supplies each action. */
export interface ShortcutActions {
  search(): void;
  newChat(): void;
  /** Stops the reply being written in the open chat; `false` when none is. */
  stop(): boolean;
  help(): void;
}

/** One shortcut as the help dialog shows it. */
export interface ShortcutHelp { keys: string[]; does: string }

/** Whether this is an Apple keyboard (Cmd where others have Ctrl). */
export function isApple(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform);
}

/** The shortcuts, as the help dialog lists them (with the platform's modifier key). */
export function shortcutHelp(): ShortcutHelp[] {
  const mod = isApple() ? '⌘' : 'Ctrl';
  return [
    { keys: [mod, 'K'], does: 'Search every chat' },
    { keys: [mod, 'Shift', 'O'], does: 'New chat' },
    { keys: ['Esc'], does: 'Stop the reply being written (what it wrote stays)' },
    { keys: ['Enter'], does: 'Send the message' },
    { keys: ['Shift', 'Enter'], does: 'New line in the message' },
    { keys: ['?'], does: 'Show these shortcuts' },
  ];
}

/** Handles `event` if it is one of the app's shortcuts. */
export function handleShortcut(event: KeyboardEvent, actions: ShortcutActions): void {
  if (event.defaultPrevented || event.isComposing) return;
  // The page behind a modal dialog is inert; the dialog's own keys (Escape closes it) are its own.
  if (document.querySelector('dialog[open]') !== null) return;
  const mod = (event.ctrlKey || event.metaKey) && !event.altKey;
  const key = event.key.toLowerCase();
  if (mod && !event.shiftKey && key === 'k') {
    event.preventDefault();
    actions.search();
  } else if (mod && event.shiftKey && (key === 'o' || event.code === 'KeyO')) {
    event.preventDefault();
    actions.newChat();
  } else if (event.key === 'Escape' && !mod && !event.shiftKey && escapeMayStop(event.target)) {
    if (actions.stop()) event.preventDefault();
  } else if (event.key === '?' && !mod && !isTyping(event.target)) {
    event.preventDefault();
    actions.help();
  }
}

/** Escape stops a reply from anywhere but a field that uses Escape itself (rename, edit, search). */
function escapeMayStop(target: EventTarget | null): boolean {
  if (!isTyping(target)) return true;
  return target instanceof HTMLElement && target.dataset.testid === 'composer';
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type);
}
