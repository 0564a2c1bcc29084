import type { ClosedReason, StoreChange, StoreChangeMessage } from '../types/store-change.js';
import type { SubscribeOptions } from '../types/options.js';

interface Subscription { listener: (change: StoreChange) => void; conversationId?: string }

/**
 * Delivers {@link StoreChange}s to this instance's listeners (`this_tab`) and, through a
 * BroadcastChannel named `convolog:<database name>`, to every other instance (`other_tab`).
 * Without BroadcastChannel (old runtimes) only local listeners hear changes.
 * @internal
 */
export class ChangeChannel {
  private readonly subscriptions = new Set<Subscription>();
  private channel: BroadcastChannel | undefined;
  private outbox: StoreChangeMessage[] = [];
  private reset: StoreChange | undefined;
  /** Hears every change this instance publishes, after its commit: the journal's hook (DESIGN §21). */
  onPublish: ((message: StoreChangeMessage) => void) | undefined;
  /** Hears the store close for good (`close()`, a version change): the journal lets go of its worker. */
  onClosed: (() => void) | undefined;

  constructor(databaseName: string) {
    this.channel = openBroadcastChannel(`convolog:${databaseName}`);
    if (this.channel !== undefined) {
      this.channel.onmessage = (event: MessageEvent) => this.receive(event.data);
    }
  }

  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: (change: StoreChange) => void, options: SubscribeOptions = {}): () => void {
    const subscription: Subscription = { listener };
    if (options.conversationId !== undefined) subscription.conversationId = options.conversationId;
    const unsubscribe = (): void => {
      this.subscriptions.delete(subscription);
      options.signal?.removeEventListener('abort', unsubscribe);
    };
    if (options.signal?.aborted) return unsubscribe;
    this.subscriptions.add(subscription);
    options.signal?.addEventListener('abort', unsubscribe, { once: true });
    if (this.reset !== undefined && subscription.conversationId === undefined) this.replayReset(subscription);
    return unsubscribe;
  }

  /** Announces a committed change here and to the other instances; `journaled`: the journal has it already (an append's, written ahead). */
  publish(message: StoreChangeMessage, journaled = false): void {
    if (!journaled) this.onPublish?.(message);
    this.deliver({ ...message, origin: 'this_tab' } as StoreChange);
    if (this.channel === undefined) return;
    // Other tabs hear of it a moment later anyway; cloning the entries for them must not delay the
    // writer's own promise (it was a measurable share of an append). Order is kept: one queue.
    this.outbox.push(message);
    if (this.outbox.length === 1) setTimeout(() => this.flush(), 0);
  }

  /**
   * Announces that `openStore` found the database thrown away: to the other tabs now, and to each
   * listener of this instance as it subscribes (none can have subscribed before the open resolved).
   */
  announceReset(message: Extract<StoreChangeMessage, { type: 'database_reset' }>): void {
    this.reset = { ...message, origin: 'this_tab' };
    this.publish(message);
  }

  /** Tells this instance's listeners that the store closed, and stops listening to other tabs. */
  closed(reason: ClosedReason): void {
    if (reason !== 'terminated') this.onClosed?.();
    this.deliver({ type: 'closed', reason });
    if (reason !== 'terminated') this.shutdown();
  }

  /** Stops listening to other tabs. */
  shutdown(): void {
    this.flush(); // a change committed just before close still reaches the other tabs
    this.channel?.close();
    this.channel = undefined;
  }

  private flush(): void {
    const messages = this.outbox;
    this.outbox = [];
    for (const message of messages) {
      try {
        this.channel?.postMessage(message);
      } catch {
        // A closed channel or an uncloneable value: other tabs miss this change, this tab still has it.
      }
    }
  }

  private receive(data: unknown): void {
    if (typeof data !== 'object' || data === null || typeof (data as { type?: unknown }).type !== 'string') return;
    if ((data as { type: string }).type === 'closed') return;
    this.deliver({ ...(data as StoreChangeMessage), origin: 'other_tab' } as StoreChange);
  }

  private replayReset(subscription: Subscription): void {
    const change = this.reset!;
    // After subscribe returns, so the listener's own setup (and its unsubscribe function) exists.
    queueMicrotask(() => {
      if (this.subscriptions.has(subscription)) this.deliverTo(subscription, change);
    });
  }

  private deliver(change: StoreChange): void {
    const conversationId = 'conversationId' in change ? change.conversationId : undefined;
    for (const subscription of [...this.subscriptions]) {
      if (subscription.conversationId !== undefined && conversationId !== undefined &&
        subscription.conversationId !== conversationId) continue;
      this.deliverTo(subscription, change);
    }
  }

  private deliverTo(subscription: Subscription, change: StoreChange): void {
    try {
      subscription.listener(change);
    } catch (error) {
      // One failing listener must not keep the change from the others, nor fail the write.
      reportListenerError(error);
    }
  }
}

function openBroadcastChannel(name: string): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  try {
    const channel = new BroadcastChannel(name);
    // In Node an open channel keeps the process alive; a store should not.
    (channel as { unref?: () => void }).unref?.();
    return channel;
  } catch {
    return undefined;
  }
}

function reportListenerError(error: unknown): void {
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  if (typeof report === 'function') return report(error);
  setTimeout(() => {
    throw error;
  });
}
