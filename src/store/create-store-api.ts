import { append } from './log/append.js';
import { appendCompaction } from './log/append-compaction.js';
import { clearStore } from './conversations/clear-store.js';
import type { ConvologStore } from './convolog-store.js';
import { createConversation } from './conversations/create-conversation.js';
import { deleteConversation } from './conversations/delete-conversation.js';
import { getConversation } from './conversations/get-conversation.js';
import { listConversations } from './conversations/list-conversations.js';
import { readContext, readContextEntries } from './log/read-context.js';
import { readEntries } from './log/read-entries.js';
import { checkout } from './log/checkout.js';
import { readChildren } from './log/read-children.js';
import { readForks } from './log/read-forks.js';
import { settleConversation } from './log/settle-conversation.js';
import { estimateStorage, requestPersistence } from './database/storage-estimate.js';
import type { AttachedJournal } from './journal/attach-journal.js';
import type { OpenReport } from './types/open-report.js';
import type { StoreContext } from './database/store-context.js';
import { updateConversation } from './conversations/update-conversation.js';

// Symbol.dispose is missing from older runtimes; the registry symbol is what polyfills use.
const DISPOSE: typeof Symbol.dispose = (Symbol as { dispose?: typeof Symbol.dispose }).dispose ??
  (Symbol.for('Symbol.dispose') as typeof Symbol.dispose);

/** Each store's journal, for the library's own tests and benchmarks (waiting for a roll). @internal */
export const STORE_JOURNALS = new WeakMap<ConvologStore, AttachedJournal>();

/**
 * The public store object over a context: each method is one operation file. Import, export and merging
 * (with their schemas and tree checks, about 7 KB gzipped) and search load on first use through import():
 * most page loads never call them, and every app that opens a store would otherwise download them. So do
 * attachments' hashing, chunking and reading (`attachments/attachments-on-demand.ts`).
 * @internal
 */
export function createStoreApi(context: StoreContext, openReport: OpenReport, journal?: AttachedJournal): ConvologStore {
  const close = (): void => context.connection.close('closed');
  // A write resolves once the journal holds it too (DESIGN §21): the browser may throw the
  // database away at the next crash, and what the app was told is saved must survive that.
  const durable = journal === undefined ? <T>(write: Promise<T>) => write
    : async <T>(write: Promise<T>): Promise<T> => {
      const result = await write;
      await journal.flushed();
      return result;
    };
  // Writes that change a conversation without appending announce it first: a kill that cuts off
  // their record is then caught up at the next open (DESIGN §21, catch-up-intents.ts).
  // Imports, sync pulls and `clear` too: their times are the source's, or they leave nothing to read.
  // Without an id, the intent names the whole store (an import's id may be decided in its transaction).
  const announced = <T>(id: string | undefined, write: () => Promise<T>): Promise<T> =>
    durable(journal === undefined ? write() : journal.intend(id).then(write));
  const store = {
    name: context.name,
    openReport,
    createConversation: (options) => durable(createConversation(context, options)),
    getConversation: (id) => getConversation(context, id),
    listConversations: (options) => listConversations(context, options),
    updateConversation: (id, update) => announced(id, () => updateConversation(context, id, update)),
    deleteConversation: (id) => announced(id, () => deleteConversation(context, id)),
    append: (id, messages, options) => durable(append(context, id, messages, options)),
    settle: (id, options) => durable(settleConversation(context, id, options)),
    appendCompaction: (id, compaction, options) => durable(appendCompaction(context, id, compaction, options)),
    entries: (id, options) => readEntries(context, id, options),
    context: (id, options) => readContext(context, id, options),
    contextEntries: (id, options) => readContextEntries(context, id, options),
    checkout: (id, entryId) => announced(id, () => checkout(context, id, entryId)),
    children: (id, entryId) => readChildren(context, id, entryId),
    forks: (id) => readForks(context, id),
    exportConversation: async (id: string, options?: { format?: 'zip'; attachments?: 'include' | 'omit' }) => options?.format === 'zip'
      ? (await import('./transfer/export-conversation-zip.js')).exportConversationZip(context, id)
      : (await import('./transfer/export-conversation.js')).exportConversation(context, id, options?.attachments ?? 'include'),
    exportConversationJsonl: async (id, options) => (await import('./transfer/export-conversation-jsonl.js')).exportConversationJsonl(context, id, options?.attachments),
    importConversation: (data, options) => announced(undefined, async () => (await import('./transfer/import-conversation.js')).importConversation(context, data, options)),
    exportAll: async (options) => (await import('./transfer/export-conversation-zip.js')).exportAll(context, options),
    importAll: (blob, options) => announced(undefined, async () => (await import('./transfer/import-conversation.js')).importAll(context, blob, options)),
    mergeEntries: (conversationId, entries, options) => announced(conversationId, async () => (await import('./transfer/merge-entries.js')).mergeEntries(context, conversationId, entries, options)),
    search: async (query, options) => (await import('./search/search-entries.js')).searchEntries(context, query, options),
    flushSearchIndex: async () => (await import('./search/packed-indexer.js')).flushSearchIndex(context),
    searchIndexStatus: async () => (await import('./search/packed-indexer.js')).searchIndexStatus(context),
    subscribe: (listener, options) => context.changes.subscribe(listener, options),
    putAttachment: async (data, options) => (await import('./attachments/attachments-on-demand.js')).putAttachment(context, data, options),
    getAttachment: async (id) => (await import('./attachments/attachments-on-demand.js')).getAttachment(context, id),
    addAttachmentFetcher: (fetcher) => {
      const fetchers = context.attachmentFetchers ??= new Set();
      fetchers.add(fetcher);
      return () => void fetchers.delete(fetcher);
    },
    estimateStorage: async () => {
      const [estimate, parts] = await Promise.all([estimateStorage(), import('./estimate-parts.js').then((module) => module.estimateParts(context, journal?.storage))]);
      return { ...estimate, attachments: parts.attachments, parts };
    },
    requestPersistence: () => requestPersistence(),
    clear: () => announced(undefined, () => clearStore(context)),
    close,
    [DISPOSE]: close,
  } as ConvologStore;
  if (journal !== undefined) STORE_JOURNALS.set(store, journal);
  return store;
}
