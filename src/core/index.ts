// convolog/core: pure, browser-safe functions over plain JSON messages.
// No DOM, no IndexedDB, no I/O: runs unchanged in a browser, a worker, Node or a server.

// Errors, warnings, issues (foundation)
export { ConvologError, isConvologError, type ConvologErrorCode, type ConvologErrorInit } from './error.js';
export type { Warning, WarningCode } from './warning.js';
export type { HistoryIssue, ValidationMode } from './history-issue.js';

// Messages and the history format (foundation)
export * from './message.js';
export { user, assistant, toolCall, toolResult } from './constructors.js';
export { getAppData, withAppData } from './app-data.js';
export type { StandardSchemaV1, InferOutput } from './standard-schema.js';
export {
  TURN_ENVELOPE_KEY, TurnEnvelopeSchema, type TurnEnvelope, type TurnUsage, type FinishReason,
} from './turn-envelope.js';
export {
  HISTORY_FORMAT_VERSION, serializeHistory, parseHistory, safeParseHistory,
  type SerializedHistory, type ParsedHistory,
} from './history.js';

// Pairing invariant (issue 3)
export { validate } from './validate.js';
export { describeIssue } from './describe-issue.js';
export { assertValid } from './assert-valid.js';
export { unsettledFrom } from './unsettled-from.js';
export { settle, type SettleResult } from './settle.js';
export { dropOrphans, type DropOrphansResult } from './drop-orphans.js';

// Trust boundary (issue 4)
export { retainPortableContent } from './retain-portable-content.js';
export { retainProviderState, type KeepNamespaces } from './retain-provider-state.js';
export type { RetentionResult } from './provider-state-rewrite.js';

// Log entries (foundation)
export {
  EntrySchema, MessageEntrySchema, CompactionEntrySchema,
  type Entry, type MessageEntry, type CompactionEntry,
} from './entry.js';

// Branches: the log is a tree (issue 13)
export type { Fork } from './fork.js';
export { branchPath } from './branch-path.js';
export { newestLeaf } from './newest-leaf.js';
export { forksOf } from './forks-of.js';

// Context and compaction (issue 5)
export { buildContext, SUMMARY_PREFIX } from './build-context.js';
export { keptTail, type KeptTail } from './kept-tail.js';
export { toMarkdown } from './to-markdown.js';
export { estimateTokens, estimateMessageTokens, CHARS_PER_TOKEN, type TokenEstimator } from './estimate-tokens.js';
export { contextTokens, type ContextTokens, type ContextTokensOptions } from './context-tokens.js';
export { planCut } from './plan-cut.js';
export {
  buildCompactionDigest, DEFAULT_DIGEST_LABELS, type DigestLabels, type DigestOptions,
} from './compaction-digest.js';
export { summarySystemPrompt, rollSummaryPrompt } from './summary-prompts.js';
export { HistoryView, type HistoryLocation } from './history-view.js';
export { isContextOverflow } from './is-context-overflow.js';
