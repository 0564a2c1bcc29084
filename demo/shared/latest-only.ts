// Runs asynchronous tasks where only the newest one counts (a query as the user types): starting
// a task aborts the one before through its signal, and a task that was superseded resolves to
// `undefined` even when its work ignored the signal, so a slow old answer never overwrites a
// newer one.

/** One task at a time; each new one cancels the previous. */
export class LatestOnly {
  private controller: AbortController | undefined;

  /**
   * Runs `task` after aborting the one still running. Resolves to its result, or `undefined`
   * when another task started (or `cancel` was called) before it finished; rejects only with
   * the error of a task that is still the newest.
   */
  async run<T>(task: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    try {
      const result = await task(controller.signal);
      return this.controller === controller && !controller.signal.aborted ? result : undefined;
    } catch (error) {
      if (this.controller !== controller || controller.signal.aborted) return undefined;
      throw error;
    }
  }

  /** Aborts the task running, if any; its result will be dropped. */
  cancel(): void {
    this.controller?.abort();
    this.controller = undefined;
  }
}
