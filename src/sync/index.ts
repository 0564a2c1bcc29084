// convolog/sync: the store's conversations replicated through a CouchDB database (DESIGN §13).
// A thin client over CouchDB's HTTP API with `fetch`: no second local database.
export { createCouchSync, type CouchSync, type CouchSyncOptions } from './create-couch-sync.js';
export type { SyncEvent } from './sync-event.js';
export type { PullResult } from './pull-changes.js';
export type { SyncStore } from './sync-store.js';
export { ENTRY_DOCUMENT_TYPE, type EntryDocument } from './entry-document.js';
export { CONVERSATION_DOCUMENT_TYPE, type ConversationDocument } from './conversation-document.js';
export { DESIGN_DOCUMENT_ID } from './setup-database.js';
export type { SyncCheckpoint } from './checkpoint.js';
