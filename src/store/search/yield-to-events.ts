/**
 * Resolves after the event loop has run the tasks already waiting (IndexedDB's request events
 * among them), without `setTimeout`'s 4 ms clamp on nested timers: `setImmediate` where it exists
 * (Node), a `MessageChannel` message elsewhere (every browser). The indexer tokenizes in slices
 * separated by this, so the write transaction of the batch before it progresses meanwhile and an
 * app's own writes never wait behind a whole batch's tokenizing (DESIGN §17.9).
 * @internal
 */
export function yieldToEvents(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  if (typeof immediate === 'function') return new Promise((resolve) => { immediate(resolve); });
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => { setTimeout(resolve, 0); });
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
