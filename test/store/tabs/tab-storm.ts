// A tab that writes until it is killed, as a tab in a refresh storm does (DESIGN §19): `chains`
// loops append batches of 1-4 entries round-robin over the page's conversations, and, given an
// export, one more loop imports it again and again (each import a new conversation: the ids are
// reassigned). Each resolved write is posted to the page at once, so the page knows what was
// acknowledged when it terminates the worker. Not a test file itself: tab-worker.ts runs it.
import { assistant, user, type ConvologStore, type Message } from '../../../src/index.js';
import type { StormNote } from './tab-protocol.js';

function note(message: StormNote): void {
  self.postMessage({ note: message });
}

/** A batch's entries say which batch they are and where in it: `<batch> <k>/<n>`. */
function batchMessages(batch: string, size: number): Message[] {
  return Array.from({ length: size }, (_, index) => {
    const text = `${batch} ${index + 1}/${size}`;
    return index % 2 === 0 ? user(text) : assistant(text);
  });
}

async function appendChain(store: ConvologStore, conversationIds: string[], label: string, chain: number): Promise<void> {
  for (let count = 0; ; count++) {
    const conversationId = conversationIds[(chain + count) % conversationIds.length]!;
    const batch = `${label}c${chain}n${count}`;
    const entries = await store.append(conversationId, batchMessages(batch, 1 + ((chain + count) % 4)));
    note({ kind: 'append', conversationId, batch, seqs: entries.map((entry) => entry.seq) });
  }
}

async function importChain(store: ConvologStore, data: unknown): Promise<void> {
  for (;;) {
    note({ kind: 'import_started' });
    const { conversation } = await store.importConversation(data);
    note({ kind: 'imported', conversationId: conversation.id, entries: conversation.lastSeq });
  }
}

/** Starts the loops and returns at once; they end only with the worker (or a failed write, reported). */
export function storm(store: ConvologStore, conversationIds: string[], label: string, chains: number, importData: unknown): void {
  const loops = Array.from({ length: chains }, (_, chain) => appendChain(store, conversationIds, label, chain));
  if (importData !== undefined) loops.push(importChain(store, importData));
  for (const loop of loops) loop.catch((error: unknown) => self.postMessage({ stormFailed: String(error) }));
}
