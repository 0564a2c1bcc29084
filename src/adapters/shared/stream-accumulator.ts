import { ConvologError } from '../../core/error.js';
import type { AssistantBlock, AssistantMessage, ProviderData, ProviderToolCallBlock, ToolCallBlock } from '../../core/message.js';
import type { TurnEnvelope, TurnUsage } from '../../core/turn-envelope.js';
import type { Warning } from '../../core/warning.js';
import { assistantMessage, completedTurn, type TurnFacts } from './completed-turn.js';
import type { FinishReasonTable } from './finish-reason.js';
import { parseToolArguments } from './tool-arguments.js';

/** Options of {@link StreamAccumulator.finish}. */
export interface FinishOptions {
  /**
   * Accept a stream that did not complete (the user pressed Stop): keep the text so far, drop
   * every tool call with a warning, and report `finishReason: 'aborted'`. A stream that did
   * complete finishes normally whatever this says.
   */
  allowIncomplete?: boolean;
}

/** What a finished stream gives: the message to append, its envelope, and what was dropped. */
export interface FinishedTurn {
  message: AssistantMessage;
  envelope: TurnEnvelope;
  warnings: Warning[];
}

/** What a provider accumulator tells the shared contract about itself. @internal */
export interface StreamProfile {
  /** The `provider` of the envelope: the namespace. */
  provider: string;
  /** The provider's event that says the turn is over, named in `incomplete_stream` messages. */
  terminalEvent: string;
  /** The provider's finish-reason words. */
  finishReasons: FinishReasonTable;
}

// Blocks kept when a stopped turn is finished: what the user already saw, minus anything that acts.
const KEPT_WHEN_STOPPED: readonly AssistantBlock['type'][] = ['text', 'reasoning', 'refusal', 'image'];

/**
 * The contract every stream accumulator shares: feed it the parsed chunks in order with `push`,
 * read `text` or `snapshot()` for display at any time, and call `finish()` once the stream ends.
 * Subclasses turn their provider's chunks into blocks and mark the terminal event.
 */
export abstract class StreamAccumulator<Chunk> {
  /** The blocks so far, in order. Internal drafts: copied before they leave. */
  protected readonly blocks: AssistantBlock[] = [];
  // `declare`: fields that start out undefined need no initializer in the output (every read of
  // an unset one gives `undefined` all the same).
  /** Message-level provider state collected so far. */
  protected declare providerData: ProviderData | undefined;
  protected declare responseId: string | undefined;
  protected declare model: string | undefined;
  protected declare usage: TurnUsage | undefined;
  protected declare finishReasonRaw: string | undefined;
  /** Whether the provider's terminal event arrived (unset until it does). */
  protected declare completed: boolean | undefined;
  /** An error the provider reported inside the stream, kept for the `incomplete_stream` details. */
  protected declare streamError: unknown;

  // `#private` members: a minifier may rename them (it keeps property names), so an app pays less for them.
  readonly #profile: StreamProfile;

  protected constructor(profile: StreamProfile) {
    this.#profile = profile;
  }

  /** Feeds the next parsed chunk of the stream. */
  abstract push(chunk: Chunk): void;

  /** The text received so far (text blocks only, without reasoning), for display. */
  get text(): string {
    let text = '';
    for (const block of this.blocks) if (block.type === 'text') text += block.text;
    return text;
  }

  /** What has arrived so far as an assistant message, for display. Tool arguments may still be partial JSON. */
  snapshot(): AssistantMessage {
    return assistantMessage(this.blocks, this.providerData);
  }

  /**
   * The finalized message, its envelope and warnings. Throws `ConvologError` `incomplete_stream`
   * when the stream ended before the provider's terminal event or left a tool call whose
   * arguments do not parse, unless `allowIncomplete` is set (see {@link FinishOptions}).
   */
  finish(options: FinishOptions = {}): FinishedTurn {
    const broken = this.#firstBrokenCall();
    // The warnings of a stopped turn; `undefined` when the turn finished.
    const stopped: Warning[] | undefined = this.completed && broken === undefined ? undefined : [];
    if (stopped !== undefined && options.allowIncomplete !== true) throw this.#incompleteError(broken);
    const kept = this.blocks.filter((block, blockIndex) => {
      if (stopped === undefined || KEPT_WHEN_STOPPED.includes(block.type)) return true;
      stopped.push({
        code: 'dropped_block',
        message: `Left out the \`${block.type}\` block at item ${blockIndex} of the stopped turn: a turn that did not finish runs no tools.`,
        blockIndex,
      });
      return false;
    });
    const { responseId: id, model, usage, finishReasonRaw, providerData } = this;
    const facts: TurnFacts = { ...this.#profile, id, model, usage, finishReasonRaw, providerData, stopped };
    return { ...completedTurn(kept, facts), warnings: stopped ?? [] };
  }

  /** The first client or provider tool call that is not a whole call: no name, or arguments that do not parse. */
  #firstBrokenCall(): ToolCallBlock | ProviderToolCallBlock | undefined {
    for (const block of this.blocks) {
      if (block.type !== 'tool_call' && block.type !== 'provider_tool_call') continue;
      if (block.name === '' || !parseToolArguments(block.arguments).ok) return block;
    }
    return undefined;
  }

  #incompleteError(broken: ToolCallBlock | ProviderToolCallBlock | undefined): ConvologError {
    const fix = 'Nothing should be stored from it: retry the request, or call finish({ allowIncomplete: true }) to keep the text received so far (tool calls are dropped).';
    // A completed stream comes here only with a broken call.
    if (!this.completed || broken === undefined) {
      return new ConvologError({
        code: 'incomplete_stream',
        message: `The stream ended before its ${this.#profile.terminalEvent} (the connection dropped, the request was aborted or the provider failed). ${fix}`,
        details: { reason: 'no_terminal_event', provider: this.#profile.provider, ...(this.streamError === undefined ? {} : { error: this.streamError }) },
      });
    }
    return new ConvologError({
      code: 'incomplete_stream',
      message: `The stream finished with an incomplete tool call "${broken.id}" (${broken.name === '' ? 'no tool name' : `${broken.name}: its arguments are not valid JSON`}). ${fix}`,
      details: { reason: 'invalid_tool_call', provider: this.#profile.provider, toolCallId: broken.id, toolName: broken.name },
    });
  }
}
