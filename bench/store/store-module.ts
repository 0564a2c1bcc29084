// The slice of the store's public API (DESIGN §6) the benchmarks use, loaded lazily so the
// baselines still run while the store is being written or fails to load.
import type { Entry, Message, MessageEntry } from '../../src/core/index.js';

export type Durability = 'strict' | 'relaxed' | 'default';

export interface BenchConversation { id: string; lastSeq: number; headId?: string | null }

export interface BenchStore {
  createConversation(input: { id?: string; title?: string }): Promise<BenchConversation>;
  getConversation(id: string): Promise<BenchConversation | undefined>;
  append(id: string, messages: readonly Message[], options?: { expectedLastSeq?: number; parentId?: string | null }): Promise<MessageEntry[]>;
  appendCompaction(id: string, input: { summary: string; firstKeptId: string }): Promise<unknown>;
  entries(id: string, options?: { afterSeq?: number; beforeSeq?: number; limit?: number; allBranches?: boolean; leafId?: string }): Promise<Entry[]>;
  context(id: string, options?: { leafId?: string }): Promise<Message[]>;
  checkout(id: string, entryId: string): Promise<BenchConversation>;
  close(): void;
}

export interface StoreModule {
  openStore(options: { name: string; durability: Durability }): Promise<BenchStore>;
  deleteStore(options: { name: string }): Promise<void>;
}

/** The store module, or the reason it cannot be used yet. */
export async function loadStoreModule(): Promise<{ module: StoreModule } | { missing: string }> {
  try {
    const loaded: Record<string, unknown> = await import('../../src/store/index.js');
    if (typeof loaded.openStore !== 'function' || typeof loaded.deleteStore !== 'function') {
      return { missing: 'src/store/index.ts does not export openStore and deleteStore yet' };
    }
    return { module: loaded as unknown as StoreModule };
  } catch (error) {
    return { missing: `src/store/index.ts failed to load: ${String(error)}` };
  }
}
