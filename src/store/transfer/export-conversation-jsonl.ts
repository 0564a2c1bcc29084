import { exportConversation } from './export-conversation.js';
import type { StoreContext } from '../database/store-context.js';

/**
 * `store.exportConversationJsonl`: the export as JSON Lines. Line 1 is everything but `entries`
 * (the `attachments` section included); then one entry per line, each line ending in `\n`.
 * Appending lines keeps a file valid, and a crash mid-write leaves a final line without its
 * newline, which the import recognizes and drops.
 * @internal
 */
export async function exportConversationJsonl(context: StoreContext, id: string, attachments: 'include' | 'omit' = 'include'): Promise<string> {
  const { entries, ...header } = await exportConversation(context, id, attachments);
  const lines = [JSON.stringify(header)];
  for (const entry of entries) lines.push(JSON.stringify(entry));
  return lines.join('\n') + '\n';
}
