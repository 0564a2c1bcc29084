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
import type { StoreContext } from './database/store-context.js';
import { updateConversation } from './conversations/update-conversation.js';

// Symbol.dispose is missing from older runtimes; the registry symbol is what polyfills use.
const DISPOSE: typeof Symbol.dispose = (Symbol as { dispose?: typeof Symbol.dispose }).dispose ??
  (Symbol.for('Symbol.dispose') as typeof Symbol.dispose);

/**
 * The public store object over a context: each method is one operation file. Import, export and merging
 * (with their schemas and tree checks, about 7 KB gzipped) and search load on first use through import():
 * most page loads never call them, and every app that opens a store would otherwise download them.
 * @internal
 */
export function createStoreApi(context: StoreContext): ConvologStore {
  const close = (): void => context.connection.close('closed');
  return {
    name: context.name,
    createConversation: (options) => createConversation(context, options),
    getConversation: (id) => getConversation(context, id),
    listConversations: (options) => listConversations(context, options),
    updateConversation: (id, update) => updateConversation(context, id, update),
    deleteConversation: (id) => deleteConversation(context, id),
    append: (id, messages, options) => append(context, id, messages, options),
    settle: (id, options) => settleConversation(context, id, options),
    appendCompaction: (id, compaction, options) => appendCompaction(context, id, compaction, options),
    entries: (id, options) => readEntries(context, id, options),
    context: (id, options) => readContext(context, id, options),
    contextEntries: (id, options) => readContextEntries(context, id, options),
    checkout: (id, entryId) => checkout(context, id, entryId),
    children: (id, entryId) => readChildren(context, id, entryId),
    forks: (id) => readForks(context, id),
    exportConversation: async (id) => (await import('./transfer/export-conversation.js')).exportConversation(context, id),
    exportConversationJsonl: async (id) => (await import('./transfer/export-conversation-jsonl.js')).exportConversationJsonl(context, id),
    importConversation: async (data, options) => (await import('./transfer/import-conversation.js')).importConversation(context, data, options),
    mergeEntries: async (conversationId, entries, options) => (await import('./transfer/merge-entries.js')).mergeEntries(context, conversationId, entries, options),
    search: async (query, options) => (await import('./search/search-entries.js')).searchEntries(context, query, options),
    flushSearchIndex: async () => (await import('./search/packed-indexer.js')).flushSearchIndex(context),
    searchIndexStatus: async () => (await import('./search/packed-indexer.js')).searchIndexStatus(context),
    subscribe: (listener, options) => context.changes.subscribe(listener, options),
    estimateStorage: () => estimateStorage(),
    requestPersistence: () => requestPersistence(),
    clear: () => clearStore(context),
    close,
    [DISPOSE]: close,
  } as ConvologStore;
}
