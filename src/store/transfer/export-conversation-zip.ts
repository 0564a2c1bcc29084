import { exportedAttachment, readConversationSnapshot } from './export-conversation.js';
import type { StoreContext } from '../database/store-context.js';
import { ATTACHMENTS_FOLDER, CONVERSATION_FILE } from './zip/zip-export-names.js';
import { ZipWriter } from './zip/zip-writer.js';


/**
 * `store.exportConversation(id, { format: 'zip' })`: the v3 export as `conversation.json`
 * (deflated; its `attachments` section holds metadata only) and each referenced attachment's
 * bytes once as `attachments/<id>` (stored), all read in one transaction. fflate's writer comes
 * with this module, which loads on demand.
 * @internal
 */
export async function exportConversationZip(context: StoreContext, id: string): Promise<Blob> {
  const { exported, attachments } = await readConversationSnapshot(context, id, true);
  if (attachments.length > 0) exported.attachments = attachments.map(({ record }) => exportedAttachment(record));
  const zip = new ZipWriter();
  zip.add(CONVERSATION_FILE, new TextEncoder().encode(JSON.stringify(exported)), true);
  for (const { record, bytes } of attachments) zip.add(ATTACHMENTS_FOLDER + record.id, bytes!, false);
  return zip.finish();
}

// exportAll loads with the ZIP writer it needs (one chunk, as importAll with the import's).
export { exportAll } from './export-all.js';
