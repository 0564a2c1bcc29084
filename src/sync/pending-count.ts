import { listAllConversations } from './list-all-conversations.js';
import type { SyncSession } from './sync-session.js';

/** Local entries not yet on the server, by the checkpoint. @internal */
export async function pendingCount(session: SyncSession): Promise<number> {
  const checkpoint = await session.checkpoint();
  let pending = 0;
  for (const conversation of await listAllConversations(session.store)) {
    pending += Math.max(0, conversation.lastSeq - (checkpoint.pushed[conversation.id] ?? 0));
  }
  return pending;
}

