import { v7 } from 'uuid';

/**
 * A fresh {@link ConversationRecord.incarnation}: random (UUID v7, never the store's `generateId`,
 * which an app or a test may make deterministic, so two tabs could both hand out `id-1`), so no
 * other record, in this tab or another, before or after a delete, ever carries it (DESIGN §17.12).
 * @internal
 */
export function newIncarnation(): string {
  return v7();
}
