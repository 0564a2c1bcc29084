import { z } from 'zod/mini';
import { MessageSchema, type Message } from './message.js';

/** One finalized message in a conversation's log. */
export interface MessageEntry {
  type: 'message';
  /** UUID v7. */
  id: string;
  conversationId: string;
  /** Position in the conversation's log: counts from 1, contiguous, in write order across every branch. */
  seq: number;
  /** UTC, `Date.prototype.toISOString()` form, so string order is time order. */
  timestamp: string;
  /** The entry this one follows on its branch; `null` for the first entry of a branch from the root. */
  parentId: string | null;
  message: Message;
}

/**
 * A compaction: from here on, the context sent to the model is `summary` followed by the
 * messages from `firstKeptId` on. The log itself is never rewritten.
 */
export interface CompactionEntry {
  type: 'compaction';
  id: string;
  conversationId: string;
  seq: number;
  timestamp: string;
  /** The entry this one follows on its branch; `null` at the root. */
  parentId: string | null;
  summary: string;
  /** The id of the first message entry kept verbatim: always a user message. */
  firstKeptId: string;
  /** The estimated tokens of the context before this compaction, for display. */
  tokensBefore?: number;
}

/**
 * An entry of a conversation's append-only log. The log is a tree: each entry names its parent,
 * and a branch is the path from a root entry to a leaf (DESIGN §10).
 */
export type Entry = MessageEntry | CompactionEntry;

// Pure marks: see message.ts.
const entryBase = {
  id: /* @__PURE__ */ z.string().check(z.minLength(1)),
  conversationId: /* @__PURE__ */ z.string().check(z.minLength(1)),
  // A positive whole number. Not z.int(): for this one field it bundled zod's number formats
  // (0.4 KB gzipped); the only numbers it also refused, past 2^53, no log reaches. Not
  // z.multipleOf(1) either: zod's float-safe remainder takes 5e-324 (toFixed(0) is "0") for one.
  seq: /* @__PURE__ */ z.number().check(z.positive(), z.refine(Number.isInteger)),
  timestamp: z.string(),
  parentId: z.nullable(/* @__PURE__ */ z.string().check(z.minLength(1))),
};
const messageEntry = /* @__PURE__ */ z.object({ type: z.literal('message'), ...entryBase, message: MessageSchema });
const compactionEntry = /* @__PURE__ */ z.object({
  type: z.literal('compaction'),
  ...entryBase,
  summary: z.string(),
  firstKeptId: /* @__PURE__ */ z.string().check(z.minLength(1)),
  tokensBefore: z.optional(/* @__PURE__ */ z.number().check(z.nonnegative())),
});

/** The zod schema of a {@link MessageEntry}. */
export const MessageEntrySchema: z.ZodMiniType<MessageEntry> = messageEntry;
/** The zod schema of a {@link CompactionEntry}. */
export const CompactionEntrySchema: z.ZodMiniType<CompactionEntry> = compactionEntry;
/** The zod schema of an {@link Entry}, as stored and as exported. */
export const EntrySchema: z.ZodMiniType<Entry> = /* @__PURE__ */ z.discriminatedUnion('type', [messageEntry, compactionEntry]);
