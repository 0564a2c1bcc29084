import type { AssistantBlock } from '../../core/message.js';
import type { FinishReason, TurnEnvelope, TurnUsage } from '../../core/turn-envelope.js';
import type { Warning } from '../../core/warning.js';

/** What an envelope is built from; `undefined` fields are left out. @internal */
export interface EnvelopeFields {
  id: string | undefined;
  model: string | undefined;
  provider: string;
  usage: TurnUsage | undefined;
  finishReason: FinishReason;
  finishReasonRaw: string | undefined;
  warnings: readonly Warning[];
}

/** A {@link TurnEnvelope} without `undefined` fields; `warnings` holds the warnings' messages when there are any. @internal */
export function turnEnvelope(fields: EnvelopeFields): TurnEnvelope {
  const envelope: TurnEnvelope = { provider: fields.provider };
  if (fields.id !== undefined) envelope.id = fields.id;
  if (fields.model !== undefined) envelope.model = fields.model;
  if (fields.usage !== undefined) envelope.usage = fields.usage;
  envelope.finishReason = fields.finishReason;
  if (fields.finishReasonRaw !== undefined) envelope.finishReasonRaw = fields.finishReasonRaw;
  if (fields.warnings.length > 0) envelope.warnings = fields.warnings.map((warning) => warning.message);
  return envelope;
}

/**
 * The blocks of a finished turn: empty text without provider state goes (it says nothing, and
 * Anthropic and Gemini refuse empty text), and blank tool arguments become `{}`.
 * @internal
 */
export function completedBlocks(blocks: readonly AssistantBlock[]): AssistantBlock[] {
  const result: AssistantBlock[] = [];
  for (const block of blocks) {
    if (block.type === 'text' && block.text === '' && block.providerData === undefined) continue;
    if (block.type === 'tool_call' && block.arguments.trim() === '') {
      result.push({ ...block, arguments: '{}' });
      continue;
    }
    result.push(block);
  }
  return result;
}

/** Usage counts with every absent count left out; `undefined` when there are none. @internal */
export function usageOf(counts: Readonly<Record<string, unknown>>): TurnUsage | undefined {
  const usage: TurnUsage = {};
  for (const [key, value] of Object.entries(counts)) if (typeof value === 'number') usage[key] = value;
  return Object.keys(usage).length === 0 ? undefined : usage;
}
