import { ConvologError } from '../../core/error.js';
import type { ConversationRecord } from '../database/schema.js';

/** Optimistic concurrency: `conflict` when the log moved on since the caller read `expectedLastSeq`. @internal */
export function checkExpectedSeq(record: ConversationRecord, expectedLastSeq: number | undefined): void {
  if (expectedLastSeq === undefined || expectedLastSeq === record.lastSeq) return;
  throw new ConvologError({
    code: 'conflict',
    message: `Conversation "${record.id}" has moved on: its last seq is ${record.lastSeq}, not ${expectedLastSeq} as expected ` +
      '(another tab or call wrote first). Nothing was written; read the new entries and decide again.',
    details: { conversationId: record.id, expectedLastSeq, lastSeq: record.lastSeq },
  });
}
