// Another tab, as far as IndexedDB and BroadcastChannel can tell: a dedicated Worker (its own
// realm, thread and database connection, same origin) that runs the store on the page's command.
// Not a test file itself: test/store/tabs/tab.ts starts it and speaks its protocol (DESIGN §19).
import { assistant, isConvologError, openStore, user, type ConvologStore, type StoreChange } from '../../../src/index.js';
import { DATABASE_VERSION } from '../../../src/store/database/schema.js';
import { wrapFactory } from '../wrap-factory.js';
import type { AppendOutcome, HeardChange, TabCommand } from './tab-protocol.js';
import { storm } from './tab-storm.js';

let store: ConvologStore | undefined;
let held: IDBDatabase | undefined;
const heard: HeardChange[] = [];

function theStore(): ConvologStore {
  if (store === undefined) throw new Error('no store open in this tab');
  return store;
}

function record(change: StoreChange): void {
  if (change.type === 'closed') return void heard.push({ type: change.type, reason: change.reason });
  if (change.type === 'entries_appended') {
    return void heard.push({ type: change.type, origin: change.origin, conversationId: change.conversationId, seqs: change.entries.map((entry) => entry.seq) });
  }
  heard.push({ type: change.type, origin: change.origin, ...('conversationId' in change ? { conversationId: change.conversationId } : {}) });
}

/** A store opened as this build, or as the next one (one version above: it upgrades the database). */
async function open(name: string, newer: boolean): Promise<{ blockedCalls: number }> {
  let blockedCalls = 0;
  const factory = newer ? wrapFactory(indexedDB, (databaseName) => indexedDB.open(databaseName, DATABASE_VERSION + 1)) : indexedDB;
  store = await openStore({ name, indexedDB: factory, IDBKeyRange, onBlocked: () => { blockedCalls++; } });
  store.subscribe(record);
  return { blockedCalls };
}

/** One turn (question and answer) per call, `wave` calls in flight at once: a busy tab. */
async function appendTurns(conversationId: string, label: string, turns: number, wave: number, untilRefused: boolean): Promise<AppendOutcome[]> {
  const outcomes: AppendOutcome[] = [];
  for (let start = 0; start < turns; start += wave) {
    const calls = Array.from({ length: Math.min(wave, turns - start) }, (_, offset) => appendOne(conversationId, `${label} ${start + offset}`));
    outcomes.push(...await Promise.all(calls));
    if (untilRefused && outcomes.some((outcome) => 'code' in outcome)) break;
  }
  return outcomes;
}

async function appendOne(conversationId: string, text: string, expectedLastSeq?: number): Promise<AppendOutcome> {
  try {
    const entries = await theStore().append(conversationId, [user(text), assistant(`${text}!`)], expectedLastSeq === undefined ? {} : { expectedLastSeq });
    return { text, seqs: entries.map((entry) => entry.seq) };
  } catch (error) {
    return { text, code: isConvologError(error) ? error.code : `not a ConvologError: ${String(error)}` };
  }
}

/** A raw connection that ignores `versionchange`: a stuck old tab that blocks upgrades. */
function hold(name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => {
      held = request.result;
      resolve(held.version);
    };
    request.onerror = () => reject(request.error);
  });
}

async function run(command: TabCommand): Promise<unknown> {
  switch (command.op) {
    case 'open': return open(command.name, command.newer === true);
    case 'append': return appendTurns(command.conversationId, command.label, command.turns, command.wave, command.untilRefused === true);
    case 'answer': return appendOne(command.conversationId, command.label, command.expectedLastSeq);
    case 'heard': return heard;
    case 'entries': return (await theStore().entries(command.conversationId)).map((entry) => entry.seq);
    case 'hold': return hold(command.name);
    case 'release': return void held?.close();
    case 'close': return void store?.close();
    case 'storm': return storm(theStore(), command.conversationIds, command.label, command.chains, command.importData);
  }
}

self.addEventListener('message', (event: MessageEvent<{ id: number; command: TabCommand }>) => {
  const { id, command } = event.data;
  run(command).then(
    (value) => self.postMessage({ id, ok: true, value }),
    (error: unknown) => self.postMessage({ id, ok: false, error: isConvologError(error) ? `${error.code}: ${error.message}` : String(error) }),
  );
});
self.postMessage({ ready: true });
