import type { CouchClient } from './couch-client.js';
import { ATTACHMENT_WRITE_ONCE_REASON } from './push-attachments.js';
import { WRITE_ONCE_REASON } from './push-changes.js';

/** The id of the design document {@link CouchSync.setup} installs. */
export const DESIGN_DOCUMENT_ID = '_design/convolog';

// Runs on the server (CouchDB's JavaScript query server), so it is plain ES5 text. An entry
// document, once written, may be neither changed nor deleted, and neither may an attachment
// document (other bytes under an id would reach every device that has not fetched it yet; pulls
// check the bytes anyway); anything else is left to the database's own rules.
const VALIDATE_DOC_UPDATE = `function (newDoc, oldDoc) {
  if (oldDoc && !oldDoc._deleted && oldDoc.type === 'convolog.entry') {
    throw({ forbidden: ${JSON.stringify(WRITE_ONCE_REASON)} });
  }
  if (oldDoc && !oldDoc._deleted && oldDoc._id.indexOf('attachment:') === 0) {
    throw({ forbidden: ${JSON.stringify(ATTACHMENT_WRITE_ONCE_REASON)} });
  }
}`;

/**
 * Creates the database if it is missing and installs (or updates) the design document whose
 * `validate_doc_update` refuses changing an entry or attachment document once written. Needs database admin
 * rights; a per-user database's owner has none on CouchDB 3, so an admin runs it once per database.
 * @internal
 */
export async function setupDatabase(client: CouchClient, signal?: AbortSignal): Promise<void> {
  const withSignal = signal === undefined ? {} : { signal };
  await client.request({ method: 'PUT', path: '', accept: [412], ...withSignal });
  const current = await client.request<{ _rev?: string; validate_doc_update?: string }>({
    method: 'GET', path: '_design/convolog', accept: [404], ...withSignal,
  });
  if (current.status === 200 && current.body?.validate_doc_update === VALIDATE_DOC_UPDATE) return;
  await client.request({
    method: 'PUT', path: '_design/convolog',
    body: { ...(current.status === 200 && current.body?._rev !== undefined ? { _rev: current.body._rev } : {}), language: 'javascript', validate_doc_update: VALIDATE_DOC_UPDATE },
    ...withSignal,
  });
}
