// The in-page half of scenario 1 (killed mid-append): a loop that appends tool windows as fast
// as it can until the browser is SIGKILLed, and the check run after each restart. Every message
// carries its batch number and the batch size in appData, so the log itself says whether a
// batch is whole.
import * as convolog from '../../../src/index.js';
import type { ConvologStore, Entry, Message } from '../../../src/index.js';

const TITLE = 'kill loop';
const BATCH = 'reliability.batch';
const SIZE = 'reliability.size';

declare global {
  interface Window {
    /** Bound by the test: told each batch number whose append resolved. */
    reliabilityAck?: (batch: number) => Promise<void>;
  }
}

let store: ConvologStore | undefined;
let conversationId = '';
let running = false;

/** What the log looks like after a restart. */
export interface Verification {
  entryCount: number;
  lastSeq: number;
  /** Batch numbers wholly present. */
  batches: number[];
  /** Entries written by settle (no batch tag). */
  settledResults: number;
  /** Whether the log ends in an unsettled tool window. */
  unsettled: boolean;
  problems: string[];
}

/** What the open found: whether the browser had thrown the database away, and what came back. */
export interface Opened {
  conversationId: string;
  reset: boolean;
  restoredEntries?: number;
  issues: string[];
}

async function open(name: string): Promise<Opened> {
  store = await convolog.openStore({ name });
  const existing = (await store.listConversations()).find((conversation) => conversation.title === TITLE);
  conversationId = existing?.id ?? (await store.createConversation({ title: TITLE })).id;
  const { reset, restored, issues } = store.openReport;
  // On a problem, what the journal folder holds: the names say which rolls and segments ran when.
  const files = issues.length === 0 ? [] : await listJournal(name);
  return {
    conversationId, reset, ...(restored === undefined ? {} : { restoredEntries: restored.entries }),
    issues: issues.map((issue) => `${issue.code}: ${issue.message}`).concat(files.length === 0 ? [] : [`files: ${files.join(' ')}`]),
  };
}

async function listJournal(name: string): Promise<string[]> {
  const root = await navigator.storage.getDirectory();
  const folder = await (await root.getDirectoryHandle('convolog-journal')).getDirectoryHandle(encodeURIComponent(name));
  const names: string[] = [];
  for await (const [file, handle] of (folder as unknown as { entries(): AsyncIterable<[string, FileSystemFileHandle]> }).entries()) {
    names.push(`${file}(${(await handle.getFile()).size})`);
  }
  return names.sort();
}

function batchOf(entry: Entry): { batch: number; size: number } | undefined {
  if (entry.type !== 'message') return undefined;
  const batch = entry.message.appData?.[BATCH];
  const size = entry.message.appData?.[SIZE];
  return typeof batch === 'number' && typeof size === 'number' ? { batch, size } : undefined;
}

async function verify(): Promise<Verification> {
  const entries = await store!.entries(conversationId);
  const conversation = await store!.getConversation(conversationId);
  const problems: string[] = [];
  entries.forEach((entry, index) => {
    if (entry.seq !== index + 1) problems.push(`position ${index} holds seq ${entry.seq}`);
  });
  if (conversation?.lastSeq !== entries.length) problems.push(`lastSeq ${conversation?.lastSeq} but ${entries.length} entries`);
  const batches: number[] = [];
  let settledResults = 0;
  for (let index = 0; index < entries.length;) {
    const entry = entries[index]!;
    const tag = batchOf(entry);
    if (tag === undefined) {
      const message = entry.type === 'message' ? entry.message : undefined;
      if (message?.role === 'tool' && message.isError === true) settledResults++;
      else problems.push(`seq ${entry.seq} carries no batch tag and is not a settle result`);
      index++;
      continue;
    }
    const run = entries.slice(index, index + tag.size);
    const whole = run.length === tag.size && run.every((item, part) => {
      const itemTag = batchOf(item);
      return itemTag?.batch === tag.batch && (item.type === 'message' && item.message.appData?.['reliability.part'] === part);
    });
    if (!whole) problems.push(`batch ${tag.batch} (size ${tag.size}) at seq ${entry.seq} is not whole`);
    if (batches.includes(tag.batch)) problems.push(`batch ${tag.batch} appears twice`);
    batches.push(tag.batch);
    index += Math.max(1, run.filter((item) => batchOf(item)?.batch === tag.batch).length);
  }
  const messages = entries.flatMap((entry) => (entry.type === 'message' ? [entry.message] : []));
  for (const issue of convolog.validate(messages, 'resumable')) problems.push(`not resumable: ${convolog.describeIssue(issue)}`);
  return {
    entryCount: entries.length,
    lastSeq: conversation?.lastSeq ?? -1,
    batches,
    settledResults,
    unsettled: convolog.unsettledFrom(messages) !== null,
    problems,
  };
}

function tagged(messages: Message[], batch: number): Message[] {
  return messages.map((message, part) => ({
    ...message,
    appData: { [BATCH]: batch, [SIZE]: messages.length, 'reliability.part': part },
  }) as Message);
}

function filler(batch: number): string {
  // Between 100 bytes and 20 KB, so some transactions take long enough to be caught in flight.
  return `batch ${batch} `.padEnd(100 + ((batch * 7919) % 20_000), 'lorem ipsum ');
}

/** The tool window of `batch` (user, assistant with 2 calls, 2 results), as one or two appends. */
function windowOf(batch: number): Message[][] {
  const user = convolog.user(`question ${batch}: ${filler(batch)}`);
  const call = convolog.assistant([
    { type: 'text', text: `Let me check (${batch}).` },
    convolog.toolCall(`call_${batch}_weather`, 'get_weather', { city: 'Oslo', batch }),
    convolog.toolCall(`call_${batch}_calc`, 'calculator', { expression: `${batch}*7` }),
  ]);
  const results = [
    convolog.toolResult(`call_${batch}_calc`, 'calculator', String(batch * 7)),
    convolog.toolResult(`call_${batch}_weather`, 'get_weather', filler(batch + 1)),
  ];
  // Every third window is written in two appends, so a kill can leave an unsettled window behind.
  return batch % 3 === 0 ? [[user, call], results] : [[user, call, ...results]];
}

/** Settles what a kill left pending, then appends a new turn: the chat goes on. */
async function resumeTurn(nextBatch: number): Promise<{ settled: number; appended: number }> {
  const settled = await store!.settle(conversationId, { reason: 'The tab was closed before the tool finished.' });
  const appended = await store!.append(conversationId, tagged([convolog.user(`after restart ${nextBatch}`), convolog.assistant('Welcome back.')], nextBatch));
  return { settled: settled.length, appended: appended.length };
}

/** Appends windows from `firstBatch` on, until the page dies. Resolves at once. */
function start(firstBatch: number): void {
  running = true;
  void (async () => {
    let batch = firstBatch;
    while (running) {
      for (const messages of windowOf(batch)) {
        const current = batch;
        await store!.append(conversationId, tagged(messages, current));
        void window.reliabilityAck?.(current);
        batch++;
      }
    }
  })();
}

export const killLoop = { open, verify, resumeTurn, start };
