import { nonEmptyText } from '../../core/non-empty-text.js';
import { ConvologError } from '../../core/error.js';
import { isJsonObject } from '../../core/is-json-object.js';
import type { AssistantBlock, ReasoningBlock, RefusalBlock, TextPart } from '../../core/message.js';
import { StreamAccumulator, type FinishedTurn, type FinishOptions } from '../shared/stream-accumulator.js';
import { OPENAI_NAMESPACE } from './openai-namespace.js';
import {
  messagePartBlock, messageState, reasoningBlock, responsesItemBlocks, type ReceivedItem,
} from './openai-responses-output-item.js';
import { OPENAI_RESPONSES_FINISH_REASONS, responsesFinishReason, responsesUsage } from './openai-responses-turn.js';
import type {
  OpenAIResponse, OpenAIResponsesArgumentsDeltaEvent, OpenAIResponsesContentPartEvent, OpenAIResponsesErrorEvent,
  OpenAIResponsesItemEvent, OpenAIResponsesLifecycleEvent, OpenAIResponsesPartDeltaEvent, OpenAIResponsesStreamEvent,
  OpenAIResponsesSummaryDeltaEvent,
} from './openai-responses-types.js';

/** One output item as it streams in: its blocks so far, and whether `output_item.done` came. */
interface ItemDraft {
  item: ReceivedItem;
  blocks: AssistantBlock[];
  /** Blocks of a message by `content_index`. */
  parts: Map<number, AssistantBlock>;
  /** The summary a reasoning item's text is at, so the next one starts a new paragraph. */
  summaryIndex: number;
  done: boolean;
  problem?: string;
}


/**
 * Assembles a streamed Responses API answer. `push` each event (the parsed `data:` of each SSE
 * event, or what `openai.responses.create({ stream: true })` / `openai.responses.stream()` yields).
 * Items are kept by `output_index`: `response.output_item.added` opens one, deltas
 * (`response.output_text.delta`, `response.refusal.delta`, `response.function_call_arguments.delta`,
 * `response.reasoning_summary_text.delta`) grow it, and `response.output_item.done` replaces it with
 * the finished item, whose reasoning `encrypted_content` is the one to replay (an unfinished
 * reasoning item carries no state). Blocks are the same as {@link fromOpenAIResponse} makes.
 *
 * The terminal event is `response.completed` or `response.incomplete` (cut at
 * `max_output_tokens`: finish reason `length`). `response.failed`, an `error` event, an
 * `output_index` gap, or a function call without `call_id` or with arguments that never parse make
 * `finish()` throw `incomplete_stream`, never a half call; with `allowIncomplete` (the user pressed
 * Stop) it keeps the text so far and drops every call, as every accumulator does.
 *
 * @example
 * const accumulator = new OpenAIResponsesStreamAccumulator()
 * for await (const event of await openai.responses.create({ model, stream: true, ...body })) accumulator.push(event)
 * const { message, envelope } = accumulator.finish()
 */
export class OpenAIResponsesStreamAccumulator extends StreamAccumulator<OpenAIResponsesStreamEvent> {
  readonly #items: ItemDraft[] = [];
  /** Why the stream cannot be stored, besides ending early: a failure or a malformed event. */
  #problem: { reason: string; message: string } | undefined;

  constructor() {
    super({ provider: OPENAI_NAMESPACE, terminalEvent: '`response.completed` event', finishReasons: OPENAI_RESPONSES_FINISH_REASONS });
  }

  push(event: OpenAIResponsesStreamEvent): void {
    if (typeof event !== 'object' || event === null || typeof event.type !== 'string') return;
    switch (event.type) {
      case 'response.created':
      case 'response.in_progress':
        this.#readResponse((event as OpenAIResponsesLifecycleEvent).response);
        return;
      case 'response.completed':
      case 'response.incomplete':
        this.#readResponse((event as OpenAIResponsesLifecycleEvent).response);
        this.completed = true;
        return;
      case 'response.failed':
        this.#fail((event as OpenAIResponsesLifecycleEvent).response);
        return;
      case 'error': {
        const { code, message } = event as OpenAIResponsesErrorEvent;
        this.streamError = { code, message };
        this.#problem ??= { reason: 'stream_error', message: `The provider reported an error in the stream: ${describe({ code, message })}.` };
        return;
      }
      case 'response.output_item.added':
      case 'response.output_item.done':
        this.#applyItem(event as OpenAIResponsesItemEvent, event.type === 'response.output_item.done');
        return;
      case 'response.content_part.added':
        this.#addPart(event as OpenAIResponsesContentPartEvent);
        return;
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        this.#appendPartText(event as OpenAIResponsesPartDeltaEvent, event.type === 'response.output_text.delta' ? 'text' : 'refusal');
        return;
      case 'response.function_call_arguments.delta':
        this.#appendArguments(event as OpenAIResponsesArgumentsDeltaEvent);
        return;
      case 'response.reasoning_summary_text.delta':
        this.#appendSummary(event as OpenAIResponsesSummaryDeltaEvent);
        return;
      default:
        return; // `.done` events repeat what the deltas said; other events change nothing stored
    }
  }

  /**
   * As every accumulator's `finish`, and also refuses (`incomplete_stream`) a failed stream, one
   * with a malformed item, or one whose function calls did not all finish.
   */
  override finish(options: FinishOptions = {}): FinishedTurn {
    const problem = this.#problem ?? this.#unfinishedCall();
    if (problem === undefined) {
      if (!this.completed && options.allowIncomplete === true) this.#forgetUnfinishedItems();
      return super.finish(options);
    }
    if (options.allowIncomplete !== true) {
      throw new ConvologError({
        code: 'incomplete_stream',
        message: `${problem.message} Nothing should be stored from it: retry the request, or call finish({ allowIncomplete: true }) to keep the text received so far (tool calls are dropped).`,
        details: { reason: problem.reason, provider: OPENAI_NAMESPACE, ...(this.streamError === undefined ? {} : { error: this.streamError }) },
      });
    }
    this.completed = false; // what the user saw is kept as a stopped turn
    this.#forgetUnfinishedItems();
    return super.finish(options);
  }

  /**
   * A stopped turn keeps what the user saw, but an item that never finished is not one the API
   * issued whole: its text goes back as plain text, not under its item id.
   */
  #forgetUnfinishedItems(): void {
    for (const draft of this.#items) {
      if (draft === undefined || draft.done) continue;
      for (const block of draft.blocks) delete block.providerData;
    }
  }

  #readResponse(response: OpenAIResponse | undefined): void {
    if (typeof response !== 'object' || response === null) return;
    this.responseId ??= nonEmptyText(response.id);
    this.model ??= nonEmptyText(response.model);
    const usage = responsesUsage(response.usage);
    if (usage !== undefined) this.usage = usage;
    const raw = responsesFinishReason(response);
    if (raw !== undefined) this.finishReasonRaw = raw;
  }

  #fail(response: OpenAIResponse | undefined): void {
    this.#readResponse(response);
    const error = response?.error ?? undefined;
    this.streamError = error ?? { status: 'failed' };
    this.#problem = { reason: 'response_failed', message: `The response failed${error === undefined ? '' : `: ${describe(error)}`}.` };
  }

  #applyItem(event: OpenAIResponsesItemEvent, done: boolean): void {
    const index = event.output_index;
    if (!isJsonObject(event.item) || typeof event.item.type !== 'string' || !Number.isInteger(index)) return;
    if (index > this.#items.length) {
      this.#problem ??= { reason: 'malformed_stream', message: `The stream skipped output items: item ${index} arrived after ${this.#items.length} item(s).` };
      return;
    }
    const item = structuredClone(event.item) as ReceivedItem;
    const draft: ItemDraft = this.#items[index] ?? { item, blocks: [], parts: new Map(), summaryIndex: 0, done: false };
    draft.item = item;
    if (done) {
      const converted = responsesItemBlocks(item);
      draft.blocks = converted.blocks;
      draft.problem = converted.problem;
      draft.done = true;
    } else {
      draft.blocks = openingBlocks(item);
    }
    draft.parts = new Map(draft.blocks.map((block, position) => [position, block]));
    this.#items[index] = draft;
    this.#rebuild();
  }

  #addPart(event: OpenAIResponsesContentPartEvent): void {
    const draft = this.#openDraft(event.output_index);
    if (draft === undefined || draft.item.type !== 'message' || !isJsonObject(event.part)) return;
    const block = messagePartBlock(event.part, messageState(draft.item));
    if (block === undefined) return;
    draft.parts.set(event.content_index, block);
    this.#rebuildMessage(draft);
  }

  #appendPartText(event: OpenAIResponsesPartDeltaEvent, type: 'text' | 'refusal'): void {
    const draft = this.#openDraft(event.output_index);
    if (draft === undefined || typeof event.delta !== 'string') return;
    let block = draft.parts.get(event.content_index);
    if (block === undefined || block.type !== type) {
      block = messagePartBlock(type === 'text' ? { type: 'output_text', text: '' } : { type: 'refusal', refusal: '' }, messageState(draft.item))!;
      draft.parts.set(event.content_index, block);
      this.#rebuildMessage(draft);
    }
    (block as TextPart | RefusalBlock).text += event.delta;
  }

  #appendArguments(event: OpenAIResponsesArgumentsDeltaEvent): void {
    const block = this.#openDraft(event.output_index)?.blocks[0];
    if (block?.type === 'tool_call' && typeof event.delta === 'string') block.arguments += event.delta;
  }

  #appendSummary(event: OpenAIResponsesSummaryDeltaEvent): void {
    const draft = this.#openDraft(event.output_index);
    const block = draft?.blocks[0];
    if (draft === undefined || block?.type !== 'reasoning' || typeof event.delta !== 'string') return;
    if (event.summary_index !== draft.summaryIndex && block.text !== '') (block as ReasoningBlock).text += '\n\n';
    draft.summaryIndex = event.summary_index;
    block.text += event.delta;
  }

  /** The draft a delta belongs to, while it is still streaming. */
  #openDraft(index: number): ItemDraft | undefined {
    const draft = this.#items[index];
    return draft === undefined || draft.done ? undefined : draft;
  }

  #rebuildMessage(draft: ItemDraft): void {
    draft.blocks = [...draft.parts.entries()].sort(([left], [right]) => left - right).map(([, block]) => block);
    this.#rebuild();
  }

  /** The blocks of every item, in output order. */
  #rebuild(): void {
    this.blocks.splice(0, this.blocks.length, ...this.#items.flatMap((draft) => draft?.blocks ?? []));
  }

  /** A function call that never finished, or finished without being whole. */
  #unfinishedCall(): { reason: string; message: string } | undefined {
    for (const draft of this.#items) {
      if (draft === undefined) continue;
      if (draft.problem !== undefined) return { reason: 'invalid_tool_call', message: `The stream finished with an incomplete tool call: ${draft.problem}.` };
      if (!draft.done && draft.item.type === 'function_call' && this.completed) {
        return { reason: 'invalid_tool_call', message: `The stream finished before the function call "${String(draft.item.call_id ?? '')}" was done.` };
      }
    }
    return undefined;
  }
}

/** The blocks an item shows while it streams: no replay state until it is done. */
function openingBlocks(item: ReceivedItem): AssistantBlock[] {
  switch (item.type) {
    case 'reasoning': {
      const { text } = reasoningBlock(item) as ReasoningBlock;
      return [{ type: 'reasoning', text }];
    }
    case 'function_call':
      return [{ type: 'tool_call', id: typeof item.call_id === 'string' ? item.call_id : '', name: typeof item.name === 'string' ? item.name : '', arguments: typeof item.arguments === 'string' ? item.arguments : '' }];
    default:
      return responsesItemBlocks(item).blocks;
  }
}

function describe(error: { code?: unknown; message?: unknown }): string {
  const message = typeof error.message === 'string' ? error.message : 'no message';
  return typeof error.code === 'string' && error.code !== '' ? `${error.code}: ${message}` : message;
}
