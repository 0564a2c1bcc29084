import { nonEmptyText } from '../../core/non-empty-text.js';
import type { AssistantBlock } from '../../core/message.js';
import { generateCallId } from '../shared/generate-call-id.js';
import { ANTHROPIC_NAMESPACE } from './anthropic-namespace.js';
import type { AnthropicResponseBlock } from './anthropic-types.js';

/** A received block with the fields it may carry, each to be checked before use. */
type ReceivedBlock = { type: string; [field: string]: unknown };

// Provider-run tool calls: replayed under their own type, with their extra fields kept as state.
const PROVIDER_TOOL_CALL_TYPES: ReadonlySet<string> = new Set(['server_tool_use', 'mcp_tool_use']);

/**
 * One content block of an Anthropic response as a convolog block, keeping what replays it under
 * `providerData.anthropic`: the thinking `signature`, the redacted thinking `redactedData`, and a
 * provider tool block's own type and extra fields. Blocks this adapter does not know become
 * `other` blocks of origin `anthropic`, replayed as they came. Text citations are not kept.
 * @internal
 */
export function anthropicResponseBlock(received: AnthropicResponseBlock): AssistantBlock {
  const block = received as ReceivedBlock;
  switch (block.type) {
    case 'text':
      return { type: 'text', text: stringField(block.text) };
    case 'thinking': {
      const signature = stringField(block.signature);
      const reasoning: AssistantBlock = { type: 'reasoning', text: stringField(block.thinking) };
      if (signature !== '') reasoning.providerData = { [ANTHROPIC_NAMESPACE]: { signature } };
      return reasoning;
    }
    case 'redacted_thinking':
      return { type: 'reasoning', text: '', providerData: { [ANTHROPIC_NAMESPACE]: { redactedData: stringField(block.data) } } };
    case 'tool_use':
      return { type: 'tool_call', id: callId(block.id), name: stringField(block.name), arguments: JSON.stringify(block.input ?? {}) };
    default:
      return providerBlock(block);
  }
}

function providerBlock(block: ReceivedBlock): AssistantBlock {
  if (PROVIDER_TOOL_CALL_TYPES.has(block.type)) {
    const { id, name, input, ...state } = block;
    return {
      type: 'provider_tool_call', id: callId(id), name: stringField(name), arguments: JSON.stringify(input ?? {}),
      origin: ANTHROPIC_NAMESPACE, providerData: { [ANTHROPIC_NAMESPACE]: state },
    };
  }
  if (block.type.endsWith('_tool_result') && typeof block.tool_use_id === 'string') {
    const { tool_use_id: toolCallId, content, ...state } = block;
    return {
      type: 'provider_tool_result', toolCallId: toolCallId as string, value: content ?? null,
      origin: ANTHROPIC_NAMESPACE, providerData: { [ANTHROPIC_NAMESPACE]: state },
    };
  }
  return { type: 'other', typeName: block.type, value: block, origin: ANTHROPIC_NAMESPACE };
}

function stringField(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function callId(value: unknown): string {
  return nonEmptyText(value) ?? generateCallId();
}
