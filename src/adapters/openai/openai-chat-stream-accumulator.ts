import type { ReasoningBlock, RefusalBlock, TextPart, ToolCallBlock } from '../../core/message.js';
import { nonEmptyText } from '../../core/non-empty-text.js';
import { generateCallId } from '../shared/generate-call-id.js';
import { StreamAccumulator } from '../shared/stream-accumulator.js';
import { OPENAI_NAMESPACE } from './openai-namespace.js';
import { OPENAI_FINISH_REASONS, openAIUsage } from './openai-turn.js';
import type { OpenAIChatCompletionChunk, OpenAIChatToolCallDelta } from './openai-types.js';

/**
 * Assembles a streamed Chat Completions answer (choice 0). `push` each parsed SSE `data:` object
 * (the `[DONE]` sentinel may be pushed as a string; it is ignored). Tool-call argument fragments
 * are joined by their `index`; a call that arrives without an id gets `call_` + a UUID v7 (a
 * server that reuses index 0 for parallel calls is recognized by a new id). The terminal event is
 * a `finish_reason`; a usage-only chunk may follow it. Reasoning from compatible servers
 * (`reasoning_content`, `reasoning`) becomes a `reasoning` block.
 *
 * @example
 * const accumulator = new OpenAIChatStreamAccumulator()
 * for await (const data of sse) accumulator.push(JSON.parse(data)); render(accumulator.text)
 * const { message, envelope } = accumulator.finish()
 */
export class OpenAIChatStreamAccumulator extends StreamAccumulator<OpenAIChatCompletionChunk | string> {
  // The tool call being assembled at each `index`, and those whose id was made up here.
  readonly #calls = new Map<number, ToolCallBlock>();
  readonly #generatedIds = new WeakSet<ToolCallBlock>();

  constructor() {
    super({ provider: OPENAI_NAMESPACE, terminalEvent: '`finish_reason`', finishReasons: OPENAI_FINISH_REASONS });
  }

  push(chunk: OpenAIChatCompletionChunk | string): void {
    if (typeof chunk !== 'object' || chunk === null) return; // `[DONE]` and keep-alives carry nothing
    this.streamError = chunk.error ?? this.streamError; // an error chunk (OpenRouter) replaces the one kept
    this.responseId ??= nonEmptyText(chunk.id);
    this.model ??= nonEmptyText(chunk.model);
    const usage = openAIUsage(chunk.usage);
    if (usage !== undefined) this.usage = usage;
    for (const choice of chunk.choices ?? []) {
      if ((choice.index ?? 0) !== 0) continue;
      const delta = choice.delta ?? {};
      this.#appendText('reasoning', delta.reasoning_content ?? delta.reasoning);
      this.#appendText('text', delta.content);
      this.#appendText('refusal', delta.refusal);
      delta.tool_calls?.forEach((call, position) => this.#applyToolCallDelta(call, position));
      const finishReason = nonEmptyText(choice.finish_reason);
      if (finishReason !== undefined) {
        this.finishReasonRaw = finishReason;
        this.completed = true;
      }
    }
  }

  /** Continues the last block when it is of the same kind, else starts one; a delta without text (absent, `null`, `''`) adds nothing. */
  #appendText(type: 'text' | 'reasoning' | 'refusal', delta: unknown): void {
    const text = nonEmptyText(delta);
    if (text === undefined) return;
    const last = this.blocks.at(-1);
    if (last !== undefined && last.type === type) {
      (last as TextPart | ReasoningBlock | RefusalBlock).text += text;
      return;
    }
    this.blocks.push({ type, text });
  }

  #applyToolCallDelta(delta: OpenAIChatToolCallDelta, position: number): void {
    const index = typeof delta.index === 'number' ? delta.index : position;
    const id = nonEmptyText(delta.id);
    let block = this.#calls.get(index);
    if (block === undefined || (id !== undefined && !this.#generatedIds.has(block) && id !== block.id)) {
      block = { type: 'tool_call', id: id ?? generateCallId(), name: '', arguments: '' };
      if (id === undefined) this.#generatedIds.add(block);
      this.blocks.push(block);
      this.#calls.set(index, block);
    } else if (id !== undefined && this.#generatedIds.delete(block)) {
      block.id = id; // the provider's id, arriving late, replaces the one made up for it
    }
    const name = nonEmptyText(delta.function?.name);
    if (name !== undefined && block.name === '') block.name = name;
    const fragment = delta.function?.arguments;
    if (typeof fragment === 'string') block.arguments += fragment;
  }
}
