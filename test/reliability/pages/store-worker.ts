// Scenario 2b: the store inside a dedicated Web Worker. The page posts
// { name, conversationId, count } and the worker opens the store, appends `count` messages one
// at a time and answers with the seqs it got (or the error it met).
import { openStore, user, isConvologError } from '../../../src/index.js';

interface Command { name: string; conversationId: string; count: number }

self.onmessage = async (event: MessageEvent<Command>) => {
  const { name, conversationId, count } = event.data;
  try {
    const store = await openStore({ name });
    const seqs: number[] = [];
    for (let index = 0; index < count; index++) {
      const [entry] = await store.append(conversationId, [user(`from the worker ${index}`)]);
      seqs.push(entry!.seq);
    }
    const entries = await store.entries(conversationId);
    store.close();
    self.postMessage({ ok: true, seqs, entryCount: entries.length });
  } catch (error) {
    self.postMessage({ ok: false, error: String(error), code: isConvologError(error) ? error.code : undefined });
  }
};
