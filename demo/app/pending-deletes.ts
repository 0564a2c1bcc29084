// Deletes that wait out an Undo window. The chats disappear from the list and the search at
// once; the store's delete runs when the window ends, so Undo only has to show them again.
//
// A reload (or a closed tab) during the window keeps the chats: a delete is never finished
// behind the user's back by a page that is going away (an IndexedDB write started in `pagehide`
// may or may not complete). The pending delete is written to sessionStorage, which a reload
// keeps, so the reloaded tab says the chat was kept and offers to delete it now.

/** How long Undo is offered before the store's delete runs. */
export const UNDO_WINDOW_MS = 6000;

const STORAGE_KEY = 'convolog-demo:pending-deletes';

/** A delete interrupted by a reload: what was about to be deleted. */
export interface InterruptedDelete { ids: string[]; label: string }

interface Pending { id: number; ids: Set<string>; label: string; timer: ReturnType<typeof setTimeout>; run: () => Promise<void> }

/** The deletes waiting for their Undo window to end, and the chats they hide meanwhile. */
export class PendingDeletes {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** Whether `conversationId` is waiting to be deleted (and so hidden). */
  hides(conversationId: string): boolean {
    for (const pending of this.pending.values()) if (pending.ids.has(conversationId)) return true;
    return false;
  }

  /** `items` without the chats waiting to be deleted. */
  visible<T extends { conversationId?: string; id?: string }>(items: readonly T[]): T[] {
    if (this.pending.size === 0) return [...items];
    return items.filter((item) => !this.hides(item.conversationId ?? item.id ?? ''));
  }

  /**
   * Hides `ids` now and runs `run` after the Undo window. Returns Undo: it cancels the delete and
   * answers whether it was in time (`false` once `run` has started).
   */
  schedule(ids: readonly string[], label: string, run: () => Promise<void>, delay = UNDO_WINDOW_MS): () => boolean {
    const id = this.nextId++;
    const timer = setTimeout(() => void this.runNow(id), delay);
    this.pending.set(id, { id, ids: new Set(ids), label, timer, run });
    this.save();
    return () => {
      const pending = this.pending.get(id);
      if (pending === undefined) return false;
      clearTimeout(pending.timer);
      this.pending.delete(id);
      this.save();
      return true;
    };
  }

  /**
   * Runs every waiting delete now (Undo is then too late) and resolves when they are done. For a
   * restore: a chat hidden by a delete still waiting is still stored, so the restore would count
   * it as already there and skip it, and the delete would then remove it for good.
   */
  async flush(): Promise<void> {
    await Promise.all([...this.pending.keys()].map((id) => this.runNow(id)));
  }

  private async runNow(id: number): Promise<void> {
    const pending = this.pending.get(id);
    if (pending === undefined) return;
    clearTimeout(pending.timer);
    this.pending.delete(id);
    try {
      await pending.run();
    } finally {
      this.save();
    }
  }

  /** The deletes a previous page of this tab left pending when it reloaded (read once, then forgotten). */
  static takeInterrupted(): InterruptedDelete[] {
    try {
      const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
      sessionStorage.removeItem(STORAGE_KEY);
      if (!Array.isArray(stored)) return [];
      return stored.filter((item): item is InterruptedDelete =>
        typeof item === 'object' && item !== null && Array.isArray((item as InterruptedDelete).ids) && typeof (item as InterruptedDelete).label === 'string');
    } catch {
      return [];
    }
  }

  private save(): void {
    const records: InterruptedDelete[] = [...this.pending.values()].map((pending) => ({ ids: [...pending.ids], label: pending.label }));
    try {
      if (records.length === 0) sessionStorage.removeItem(STORAGE_KEY);
      else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(records));
    } catch {
      // sessionStorage refused (private mode quota): a reload then keeps the chat without saying so
    }
  }
}

/** The Undo window: {@link UNDO_WINDOW_MS}, or `?undoMs=` (tests shorten or lengthen it). */
export function readUndoWindow(location: Location = window.location): number {
  const value = Number(new URLSearchParams(location.search).get('undoMs'));
  return Number.isFinite(value) && value > 0 ? value : UNDO_WINDOW_MS;
}
