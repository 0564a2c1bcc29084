import { ConvologError, isConvologError } from '../core/error.js';
import { backoffDelay, sleep } from './backoff.js';
import { onceBothWays } from './once-both-ways.js';
import { pendingCount } from './pending-count.js';
import { pullChanges } from './pull-changes.js';
import { pushChanges } from './push-changes.js';
import type { Serial } from './serial.js';
import type { SyncSession } from './sync-session.js';

/** Live mode of one sync client. @internal */
export interface LiveMode {
  readonly running: boolean;
  start(signal: AbortSignal | undefined): void;
  stop(): void;
  /** Runs a pull the caller asked for: an open long poll is aborted first (it applied nothing), then resumed. */
  interruptPoll<T>(run: () => Promise<T>): Promise<T>;
}

/**
 * Live mode: sync now, then follow the `_changes` long poll (applying what it returns) and push
 * local changes as the store reports them; retry failures with exponential backoff. The long poll
 * is aborted on `stop()` and whenever the app asks for a pull of its own.
 * @internal
 */
export function createLiveMode(session: SyncSession, serial: Serial, backoff: { initialMs: number; maxMs: number }): LiveMode {
  let controller: AbortController | undefined;
  let poll: AbortController | undefined;
  let unsubscribe: (() => void) | undefined;
  let pushQueued = false;
  let pushFailures = 0;

  const pushSoon = () => {
    if (controller === undefined || pushQueued) return;
    pushQueued = true;
    const signal = controller.signal;
    void serial.push(async () => {
      pushQueued = false;
      if (signal.aborted) return;
      try {
        await pushChanges(session, { saveLast: true, signal });
        pushFailures = 0;
      } catch (error) {
        if (signal.aborted) return;
        const retryInMs = backoffDelay(++pushFailures, backoff);
        session.emit({ type: 'error', error: asSyncError(error), retryInMs });
        void sleep(retryInMs, signal).then(pushSoon);
      }
    });
  };

  const loop = async (signal: AbortSignal) => {
    let failures = 0;
    while (!signal.aborted) {
      try {
        await onceBothWays(session, serial);
        failures = 0;
        session.emit({ type: 'idle', at: new Date().toISOString(), pending: await pendingCount(session) });
        poll = new AbortController();
        const pollSignal = AbortSignal.any([signal, poll.signal]);
        await serial.pull(() => pullChanges(session, { saveLast: true, longpoll: true, signal: pollSignal })).catch((error: unknown) => {
          if (!pollSignal.aborted || signal.aborted) throw error;
        });
      } catch (error) {
        if (signal.aborted) return;
        const retryInMs = backoffDelay(++failures, backoff);
        session.emit({ type: 'error', error: asSyncError(error), retryInMs });
        await sleep(retryInMs, signal);
      }
    }
  };

  const live: LiveMode = {
    get running() {
      return controller !== undefined;
    },
    start(signal) {
      if (controller !== undefined || signal?.aborted === true) return;
      controller = new AbortController();
      signal?.addEventListener('abort', () => live.stop(), { once: true });
      unsubscribe = session.store.subscribe((change) => {
        if (change.type === 'entries_appended' || change.type === 'conversation_created' || change.type === 'conversation_updated' || change.type === 'conversation_deleted') pushSoon();
      });
      void loop(controller.signal);
    },
    stop() {
      controller?.abort();
      controller = undefined;
      poll = undefined;
      unsubscribe?.();
      unsubscribe = undefined;
    },
    async interruptPoll(run) {
      poll?.abort();
      return run();
    },
  };
  return live;
}

function asSyncError(error: unknown): ConvologError {
  if (isConvologError(error)) return error;
  return new ConvologError({ code: 'sync_failed', message: `Sync failed: ${String(error)}. The next sync resumes from the last checkpoint.`, cause: error });
}
