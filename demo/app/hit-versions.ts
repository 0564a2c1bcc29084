// Which version a search hit is on. Sibling branches often hold the same words (an answer
// regenerated, a question edited and asked again), so their hits would look like duplicates:
// each hit below a fork is labelled with the version it is on at the deepest fork of its branch
// ("version 2 of 3"), the numbers the ‹ 2/3 › switcher shows on that message.
import type { ConvologStore, SearchHit } from '../../src/index.js';

/** The version label of each hit below a fork, by entry id (hits of chats without forks get none). */
export async function hitVersions(store: ConvologStore, hits: readonly SearchHit[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const conversations = new Set(hits.map((hit) => hit.conversationId));
  for (const conversationId of conversations) {
    // forks() reads the conversation record's lines only: cheap, and most chats have none.
    const forks = await store.forks(conversationId);
    if (forks.length === 0) continue;
    for (const hit of hits) {
      if (hit.conversationId !== conversationId) continue;
      const path = new Set((await store.entries(conversationId, { leafId: hit.entryId })).map((entry) => entry.id));
      // Forks come root first, then by their parent's seq: the last one on the path is the deepest.
      for (let index = forks.length - 1; index >= 0; index -= 1) {
        const fork = forks[index]!;
        if (fork.parentId !== null && !path.has(fork.parentId)) continue;
        const position = fork.childIds.findIndex((id) => path.has(id));
        if (position < 0) continue;
        labels.set(hit.entryId, `version ${position + 1} of ${fork.childIds.length}`);
        break;
      }
    }
  }
  return labels;
}
