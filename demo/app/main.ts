// Entry point of the demo page: opens the store and starts the app, or explains why it cannot.
import { isConvologError, openStore } from '../../src/index.js';
import { DemoApp } from './app.js';
import { h, icon } from '../shared/dom.js';
import { ICONS } from '../shared/icons.js';
import '../styles.css';

async function main(): Promise<void> {
  const root = document.getElementById('app');
  if (root === null) throw new Error('The page has no #app element.');
  const waiting = setTimeout(() => showMessage(root, 'Waiting for storage…',
    'Another tab of this app is holding the database open during an upgrade. Close or reload the other tabs.'), 1500);
  try {
    const store = await openStore({
      onBlocked: () => showMessage(root, 'Waiting for other tabs…',
        'Another tab of this app is using an older version of the storage. Close or reload it to continue.'),
    });
    clearTimeout(waiting);
    await new DemoApp(store, root).start();
  } catch (error) {
    clearTimeout(waiting);
    showMessage(root, 'The demo cannot open its storage', explain(error));
    throw error;
  }
}

function explain(error: unknown): string {
  if (isConvologError(error, 'database_too_new')) return 'This data was written by a newer version of the app. Reload to get the newer version; your chats are untouched.';
  if (isConvologError(error, 'storage_unavailable')) return 'This browser does not allow IndexedDB here (a private window, or site data is blocked). Allow site data and reload.';
  if (isConvologError(error, 'blocked')) return 'Another tab kept the database busy. Close the other tabs of this app and reload.';
  return error instanceof Error ? error.message : String(error);
}

function showMessage(root: HTMLElement, title: string, text: string): void {
  root.replaceChildren(h('div', { className: 'fatal' },
    h('div', { className: 'fatal-card' },
      h('div', { className: 'welcome-mark' }, icon(ICONS.database)),
      h('h1', { text: title }),
      h('p', { text }),
      h('button', { className: 'btn btn-primary', text: 'Reload', attrs: { type: 'button' }, on: { click: () => location.reload() } }))));
}

void main();
