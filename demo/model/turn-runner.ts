// One assistant turn: stream a reply through the model's accumulator (partials stay in
// memory), append only the finished message, run its tool calls locally and append their
// results, and go round again until the model answers without tools.
import {
  resolveAttachments, toolResult, withAppData, TURN_ENVELOPE_KEY,
  type AssistantMessage, type ConvologStore, type Message, type MessageEntry, type ToolCallBlock, type TurnEnvelope,
} from '../../src/index.js';
import type { ChatModel } from './chat-model.js';
import { runTool } from './tools.js';
import { recentAttachments } from './request-attachments.js';

/** How a turn ended. `interrupted`: stopped inside a tool window, which stays unsettled until the next message. */
export type TurnOutcome = 'done' | 'stopped' | 'interrupted' | 'step_limit';

/** What the turn reports while it runs. */
export interface TurnHooks {
  /** The partial reply (or `undefined` once it is stored or dropped). */
  onStream(message: AssistantMessage | undefined): void;
  /** Entries this turn appended, as the store returned them. */
  onAppended(entries: readonly MessageEntry[]): void;
  onToolRunning(callId: string, running: boolean): void;
  /** The context sent to the model on each step (for the header's token estimate). */
  onContext?(messages: readonly Message[]): void;
}

/** Everything a turn needs. */
export interface TurnOptions {
  store: ConvologStore;
  conversationId: string;
  model: ChatModel;
  toolDelay: number;
  /**
   * The entry the turn answers (the user's message): the turn's entries chain below it with
   * explicit parents, so another tab switching branches meanwhile never moves where they land.
   */
  parentId: string;
  /** The log's lastSeq when the turn starts: every append of the turn expects it to move only by our own writes. */
  expectedLastSeq: number;
  /** Which answer to this message this is (2 and up: a regenerated one); the model may vary its wording. */
  attempt?: number;
  signal: AbortSignal;
  hooks: TurnHooks;
}

/** Model calls per turn, so a model that keeps calling tools cannot loop forever. */
const MAX_STEPS = 8;

/**
 * The attachments one request to an endpoint carries at most, in bytes (before base64): the
 * newest that fit (request-attachments.ts); older ones are named in text instead.
 */
export const MAX_REQUEST_ATTACHMENT_BYTES = 50_000_000;

/**
 * Runs the assistant's side of a turn. Throws what the store or the endpoint threw (`conflict`
 * when another tab wrote to the chat meanwhile, `incomplete_stream` when the stream broke off).
 */
export async function runTurn(options: TurnOptions): Promise<TurnOutcome> {
  const { store, conversationId, signal, hooks } = options;
  let lastSeq = options.expectedLastSeq;
  let parentId = options.parentId;
  const append = async (message: Message): Promise<void> => {
    const entries = await store.append(conversationId, [message], { expectedLastSeq: lastSeq, parentId });
    lastSeq = entries.at(-1)?.seq ?? lastSeq;
    parentId = entries.at(-1)?.id ?? parentId;
    hooks.onAppended(entries);
  };

  for (let step = 0; step < MAX_STEPS; step += 1) {
    const context = await store.context(conversationId, { leafId: parentId });
    hooks.onContext?.(context);
    // An endpoint gets the bytes in the provider's shape (the adapters refuse bare references);
    // the offline assistant reads only what it needs of them itself.
    const request = options.model.kind === 'endpoint'
      ? await resolveAttachments(store, recentAttachments(context, MAX_REQUEST_ATTACHMENT_BYTES), { maxBytes: MAX_REQUEST_ATTACHMENT_BYTES })
      : context;
    const accumulator = options.model.accumulator();
    hooks.onStream(accumulator.snapshot());
    try {
      for await (const chunk of options.model.stream(request, signal, { attempt: step === 0 ? options.attempt ?? 1 : 1 })) {
        accumulator.push(chunk);
        hooks.onStream(accumulator.snapshot());
      }
    } catch (error) {
      if (!signal.aborted) {
        hooks.onStream(undefined);
        throw error;
      }
    }

    if (signal.aborted) {
      // Stop keeps what arrived; a stopped turn runs no tools, so unfinished calls are dropped.
      const { message, envelope } = accumulator.finish({ allowIncomplete: true });
      if (message.content.length > 0) await append(withEnvelope(message, envelope));
      hooks.onStream(undefined);
      return 'stopped';
    }

    let finished: { message: AssistantMessage; envelope: TurnEnvelope };
    try {
      finished = accumulator.finish();
    } catch (error) {
      hooks.onStream(undefined);
      throw error;
    }
    await append(withEnvelope(finished.message, finished.envelope));
    hooks.onStream(undefined);

    const calls = finished.message.content.filter((block): block is ToolCallBlock => block.type === 'tool_call');
    if (calls.length === 0) return 'done';
    for (const call of calls) {
      hooks.onToolRunning(call.id, true);
      let outcome;
      try {
        outcome = await runTool(call.name, call.arguments, { delay: options.toolDelay, signal });
      } catch (error) {
        if (signal.aborted) return 'interrupted';
        outcome = { content: `Error: ${error instanceof Error ? error.message : String(error)}`, isError: true };
      } finally {
        hooks.onToolRunning(call.id, false);
      }
      if (signal.aborted) return 'interrupted';
      await append(toolResult(call.id, call.name, outcome.content, outcome.isError ? { isError: true } : {}));
    }
  }
  return 'step_limit';
}

function withEnvelope(message: AssistantMessage, envelope: TurnEnvelope): AssistantMessage {
  return withAppData(message, TURN_ENVELOPE_KEY, envelope);
}
