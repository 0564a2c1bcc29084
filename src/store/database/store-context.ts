import type { ChangeChannel } from '../changes/change-channel.js';
import type { Connection } from './connection.js';

/** What every store operation shares. @internal */
export interface StoreContext {
  name: string;
  connection: Connection;
  changes: ChangeChannel;
  durability: IDBTransactionDurability;
  keyRange: typeof IDBKeyRange;
  now: () => Date;
  generateId: () => string;
  /**
   * Whether writes store search keys (DESIGN §11). Always `true` but in the benchmark, which
   * measures what indexing costs an append; a store opened without it finds nothing it wrote.
   */
  searchIndex: boolean;
}
