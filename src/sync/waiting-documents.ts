import { ENTRY_DOCUMENT_TYPE } from './entry-document.js';

/**
 * How many pulled entry documents a device keeps waiting for their parents. Past it, the ones that
 * waited longest are given up with a `dropped_orphan` warning: a parent that never comes (it was
 * refused, or never written) must not make every later pull re-read an ever longer list. A
 * cluster's `_changes` delivers a child before its parent only within a short reordering, far
 * below this.
 */
export const MAX_WAITING = 1000;

type Document = Record<string, unknown>;

/**
 * Entry documents pulled before their parents, oldest first, carried from batch to batch (and,
 * through the checkpoint's `waiting` ids, from pull to pull) until the parent comes or the limit
 * gives them up. @internal
 */
export class WaitingDocuments {
  private readonly documents = new Map<string, Document>();

  constructor(documents: readonly Document[]) {
    for (const document of documents) this.documents.set(idOf(document), document);
  }

  /** The waiting documents' ids, oldest first (what the checkpoint keeps). */
  ids(): string[] {
    return [...this.documents.keys()];
  }

  /**
   * The documents to apply for a batch: the waiting ones first (all of them when `all`, else those
   * of conversations the batch has entries of, since only an entry can be a parent), then the batch's.
   */
  retry(batch: readonly Document[], all: boolean): Document[] {
    const conversations = new Set(batch.flatMap((document) => (document['type'] === ENTRY_DOCUMENT_TYPE ? [document['conversationId']] : [])));
    const retried = new Map<string, Document>();
    for (const [id, document] of this.documents) {
      if (all || conversations.has(document['conversationId'])) retried.set(id, document);
    }
    // A document delivered again replaces its waiting copy (same id, same place in the order).
    for (const document of batch) retried.set(idOf(document), document);
    return [...retried.values()];
  }

  /**
   * After `applied` went to the store: those of them in `stillWaiting` wait (the new ones last), the
   * rest are done. Returns the ids given up because more than {@link MAX_WAITING} were waiting.
   */
  settle(applied: readonly Document[], stillWaiting: readonly string[]): string[] {
    const waiting = new Set(stillWaiting);
    for (const document of applied) {
      const id = idOf(document);
      if (waiting.has(id)) this.documents.set(id, document);
      else this.documents.delete(id);
    }
    const dropped: string[] = [];
    for (const id of this.documents.keys()) {
      if (this.documents.size <= MAX_WAITING) break;
      this.documents.delete(id);
      dropped.push(id);
    }
    return dropped;
  }
}

function idOf(document: Document): string {
  return String(document['_id']);
}
