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
}
