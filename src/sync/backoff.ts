/** How long live mode waits before retrying after `failures` failures in a row: 1 s, 2 s, 4 s … up to a minute. @internal */
export function backoffDelay(failures: number, options: { initialMs?: number; maxMs?: number } = {}): number {
  const initial = options.initialMs ?? 1000;
  const max = options.maxMs ?? 60_000;
  return Math.min(max, initial * 2 ** Math.max(0, failures - 1));
}

/** Resolves after `ms`, or at once when `signal` aborts. @internal */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
