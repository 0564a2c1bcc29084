import type { ConvologDatabase } from './schema.js';
import type { ClosedReason } from '../types/store-change.js';
import { closedError } from './closed-error.js';

/**
 * The store's database connection. It closes for good on `close()` or on `versionchange` (a
 * newer build must never meet this one's writes). When the browser drops it abnormally
 * (`close` event), the next call opens a fresh connection rather than retrying the dead one.
 * @internal
 */
export class Connection {
  private current: Promise<ConvologDatabase> | undefined;
  private closedReason: ClosedReason | undefined;

  constructor(
    private readonly open: () => Promise<ConvologDatabase>,
    private readonly onClosed: (reason: ClosedReason) => void,
  ) {}

  /** Adopts an already open database (the one `openStore` opened). */
  adopt(database: ConvologDatabase): void {
    this.watch(database);
    this.current = Promise.resolve(database);
  }

  /** The open database; throws `closed` after `close()` or a version change. */
  database(): Promise<ConvologDatabase> {
    if (this.closedReason !== undefined) return Promise.reject(closedError(this.closedReason));
    if (this.current === undefined) this.current = this.reconnect();
    return this.current;
  }

  /** Whether `close()` or a version change closed the store for good. */
  get isClosed(): boolean {
    return this.closedReason !== undefined;
  }

  /** Forgets a connection found dead (e.g. `transaction()` threw `InvalidStateError`), so the next call reopens. */
  drop(database: ConvologDatabase): void {
    void this.current?.then((current) => {
      if (current !== database) return;
      this.current = undefined;
      try {
        database.close();
      } catch {
        // Already closed.
      }
    }, () => undefined);
  }

  /** Closes the connection for good. */
  close(reason: ClosedReason = 'closed'): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    const current = this.current;
    this.current = undefined;
    void current?.then((database) => database.close(), () => undefined);
    this.onClosed(reason);
  }

  private reconnect(): Promise<ConvologDatabase> {
    const opening = this.open().then((database) => {
      this.watch(database);
      return database;
    });
    // A failed reopen must not stick: the next call tries again.
    opening.catch(() => {
      if (this.current === opening) this.current = undefined;
    });
    return opening;
  }

  private watch(database: ConvologDatabase): void {
    database.addEventListener('versionchange', () => this.close('version_change'));
    database.addEventListener('close', () => {
      if (this.closedReason !== undefined) return;
      this.drop(database);
      this.onClosed('terminated');
    });
  }
}
