import type { AssistantBlock } from '../../core/message.js';
import { StreamAccumulator } from '../shared/stream-accumulator.js';
import { ANTHROPIC_NAMESPACE } from './anthropic-namespace.js';
import { anthropicResponseBlock } from './anthropic-response-block.js';
import { ANTHROPIC_FINISH_REASONS, anthropicUsage } from './anthropic-turn.js';
import type { AnthropicResponse, AnthropicResponseBlock, AnthropicStreamEvent } from './anthropic-types.js';

interface OpenBlock {
  block: AssistantBlock;
  /** A call whose input still shows the `{}` of its start event: the first JSON delta replaces it. */
  inputFromStart: boolean;
}

/**
 * Assembles a streamed Anthropic Messages answer. `push` each parsed SSE event object
 * (`message_start`, `content_block_start`, `content_block_delta`, `content_block_stop`,
 * `message_delta`, `message_stop`; `ping` is ignored, an `error` event is kept for the
 * `incomplete_stream` details). Blocks are kept by their `index`; `input_json_delta` fragments
 * make a tool call's `arguments`, `signature_delta` the thinking signature at
 * `providerData.anthropic.signature`. The terminal event is `message_stop`.
 *
 * @example
 * const accumulator = new AnthropicStreamAccumulator()
 * for await (const event of events) accumulator.push(event)
 * const { message, envelope } = accumulator.finish()
 */
export class AnthropicStreamAccumulator extends StreamAccumulator<AnthropicStreamEvent> {
  readonly #open = new Map<number, OpenBlock>();

  constructor() {
    super({ provider: ANTHROPIC_NAMESPACE, terminalEvent: '`message_stop` event', finishReasons: ANTHROPIC_FINISH_REASONS });
  }

  push(event: AnthropicStreamEvent): void {
    if (typeof event !== 'object' || event === null) return;
    switch (event.type) {
      case 'message_start':
        this.#start(event.message);
        return;
      case 'content_block_start':
        this.#startBlock(event.index, event.content_block);
        return;
      case 'content_block_delta':
        this.#applyDelta(event.index, event.delta);
        return;
      case 'message_delta':
        if (typeof event.delta?.stop_reason === 'string') this.finishReasonRaw = event.delta.stop_reason;
        this.#addUsage(event.usage);
        return;
      case 'message_stop':
        this.completed = true;
        return;
      case 'error':
        this.streamError = event.error;
        return;
      default:
        return; // ping, content_block_stop and events newer than this adapter change nothing
    }
  }

  #start(message: AnthropicResponse | undefined): void {
    if (typeof message?.id === 'string') this.responseId = message.id;
    if (typeof message?.model === 'string') this.model = message.model;
    this.#addUsage(message?.usage);
  }

  #addUsage(usage: Parameters<typeof anthropicUsage>[0]): void {
    const counts = anthropicUsage(usage);
    if (counts !== undefined) this.usage = { ...this.usage, ...counts };
  }

  #startBlock(index: number, contentBlock: AnthropicResponseBlock): void {
    if (typeof contentBlock !== 'object' || contentBlock === null) return;
    const block = anthropicResponseBlock(structuredClone(contentBlock));
    this.blocks.push(block);
    this.#open.set(index, { block, inputFromStart: block.type === 'tool_call' || block.type === 'provider_tool_call' });
  }

  #applyDelta(index: number, received: { type: string }): void {
    const open = this.#open.get(index);
    if (open === undefined || typeof received !== 'object' || received === null) return;
    const delta = received as { type: string; [field: string]: unknown };
    const { block } = open;
    switch (delta.type) {
      case 'text_delta':
        if (block.type === 'text') block.text += stringOf(delta.text);
        return;
      case 'thinking_delta':
        if (block.type === 'reasoning') block.text += stringOf(delta.thinking);
        return;
      case 'signature_delta':
        if (block.type === 'reasoning') this.#appendSignature(block, stringOf(delta.signature));
        return;
      case 'input_json_delta':
        if (block.type !== 'tool_call' && block.type !== 'provider_tool_call') return;
        if (open.inputFromStart) {
          block.arguments = '';
          open.inputFromStart = false;
        }
        block.arguments += stringOf(delta.partial_json);
        return;
      default:
        return; // citations_delta and newer deltas are not kept
    }
  }

  #appendSignature(block: AssistantBlock & { type: 'reasoning' }, signature: string): void {
    const state = block.providerData?.[ANTHROPIC_NAMESPACE];
    const previous = typeof state?.signature === 'string' ? state.signature : '';
    block.providerData = { ...block.providerData, [ANTHROPIC_NAMESPACE]: { ...state, signature: previous + signature } };
  }
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
