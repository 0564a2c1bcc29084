// Deterministic document ids: the same entry or conversation has the same id on every device, so
// pushing twice writes nothing twice and two devices renaming a chat edit the same document.
// Each part is URI-encoded, so `:` separates unambiguously whatever ids an app chose.

/** The `_id` of an entry's document. @internal */
export function entryDocumentId(conversationId: string, entryId: string): string {
  return `entry:${encodeURIComponent(conversationId)}:${encodeURIComponent(entryId)}`;
}

/** The `_id` of a conversation's metadata document (title, appData, deletion). @internal */
export function conversationDocumentId(conversationId: string): string {
  return `conversation:${encodeURIComponent(conversationId)}`;
}

/** The `_id` of the document whose CouchDB attachment `data` holds an attachment's bytes. @internal */
export function attachmentDocumentId(attachmentId: string): string {
  return `attachment:${encodeURIComponent(attachmentId)}`;
}

/** A document id as a URL path segment (`entry:a:b` → `entry%3Aa%3Ab`). @internal */
export function documentPath(documentId: string): string {
  return encodeURIComponent(documentId);
}
