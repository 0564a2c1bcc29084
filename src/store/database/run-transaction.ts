import type { IDBPTransaction } from 'idb';
import { isConvologError } from '../../core/error.js';
import { errorName } from './error-name.js';
import type { ConvologSchema, StoreName } from './schema.js';
import type { StoreContext } from './store-context.js';
import { toConvologError } from './to-convolog-error.js';

/** A transaction over the convolog schema. @internal */
export type Transaction<Mode extends IDBTransactionMode> = IDBPTransaction<ConvologSchema, StoreName[], Mode>;

/**
 * Runs `body` in one transaction and resolves only once the transaction has committed, so a
 * write that the browser aborts at commit (quota: in Chromium only `abort` fires) never looks
 * done. If `body` throws, the transaction is aborted: nothing is half-written. `body` must await
 * nothing but requests of this transaction. Errors come out as `ConvologError` (`operation`
 * names the call in their message).
 * @internal
 */
export async function runTransaction<Mode extends IDBTransactionMode, Result>(
  context: StoreContext,
  storeNames: StoreName[],
  mode: Mode,
  operation: string,
  body: (transaction: Transaction<Mode>) => Promise<Result>,
): Promise<Result> {
  const transaction = await beginTransaction(context, storeNames, mode, operation);
  // idb rejects `done` on abort; without a handler that would surface as an unhandled rejection.
  transaction.done.catch(() => undefined);
  try {
    const result = await body(transaction);
    await transaction.done;
    return result;
  } catch (error) {
    abortQuietly(transaction);
    throw toConvologError(transactionError(transaction, error), operation);
  }
}

async function beginTransaction<Mode extends IDBTransactionMode>(
  context: StoreContext, storeNames: StoreName[], mode: Mode, operation: string,
): Promise<Transaction<Mode>> {
  for (let attempt = 0; ; attempt++) {
    const database = await context.connection.database();
    try {
      return database.transaction(storeNames, mode, { durability: context.durability }) as unknown as Transaction<Mode>;
    } catch (error) {
      // A connection the browser closed under us: open a fresh one once, never retry the dead one.
      if (attempt === 0 && errorName(error) === 'InvalidStateError' && !context.connection.isClosed) {
        context.connection.drop(database);
        continue;
      }
      throw toConvologError(error, operation);
    }
  }
}

function abortQuietly(transaction: Transaction<IDBTransactionMode>): void {
  try {
    transaction.abort();
  } catch {
    // Already committed or aborted.
  }
}

// An aborted transaction carries the real reason in `transaction.error` (e.g. QuotaExceededError),
// while the awaited request or `done` may only say AbortError or TransactionInactiveError.
function transactionError(transaction: Transaction<IDBTransactionMode>, error: unknown): unknown {
  if (isConvologError(error)) return error;
  try {
    return transaction.error ?? error;
  } catch {
    return error;
  }
}
