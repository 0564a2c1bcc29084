// What answers a turn: the built-in offline assistant or an OpenAI-compatible endpoint.
// The offline assistant and Chat Completions stream chat completion chunks; the Responses API
// streams its events. Each model hands out the accumulator that reads its stream.
import type { Message } from '../../src/index.js';
import {
  OpenAIChatStreamAccumulator, OpenAIResponsesStreamAccumulator,
  type OpenAIChatCompletionChunk, type OpenAIResponsesStreamEvent, type StreamAccumulator,
} from '../../src/adapters/index.js';
import { planOfflineReply, streamOfflineReply, type OfflinePlan } from './offline-assistant.js';
import { streamEndpointCompletion, completeEndpoint, EndpointError } from './endpoint-client.js';
import { completeEndpointResponse, streamEndpointResponse } from './endpoint-responses-client.js';
import { offlinePromptTokens } from './offline-token-count.js';
import { extractiveSummary } from './summarizer.js';
import { attachmentFacts, type AttachmentReader } from './attachment-facts.js';
import type { DemoSettings, Pace } from './settings.js';

/** What a model streams: Chat Completions chunks or Responses API events. */
export type ModelChunk = OpenAIChatCompletionChunk | OpenAIResponsesStreamEvent;

/** A source of streamed replies and of compaction summaries. */
export interface ChatModel {
  /** Shown in the header and stored in the turn envelope. */
  readonly label: string;
  readonly kind: 'offline' | 'endpoint';
  /**
   * Streams one completion for `messages` (the context), as parsed chunks or events. `attempt` 2
   * and up asks again for a message already answered (Regenerate).
   */
  stream(messages: readonly Message[], signal: AbortSignal, options?: { attempt?: number }): AsyncIterable<ModelChunk>;
  /** A fresh accumulator for one `stream`. */
  accumulator(): StreamAccumulator<ModelChunk>;
  /** Writes a summary for `compactConversation`. */
  summarize(request: { system: string; prompt: string; signal?: AbortSignal }): Promise<string>;
}

/**
 * The offline assistant at `pace`, with a context window of `contextLimit` tokens: like a real
 * model it counts the prompt (its own way, see offline-token-count.ts), reports that count as
 * usage, and refuses a prompt over its limit with a provider's "maximum context length" error.
 * It reads the stored attachments of the message it answers through `attachments` (only an
 * image's header, for its pixel size).
 */
export function offlineModel(pace: Pace, contextLimit: number, attachments: AttachmentReader): ChatModel {
  return {
    label: 'Offline assistant',
    kind: 'offline',
    stream(messages, signal, options) {
      const promptTokens = offlinePromptTokens(messages);
      if (promptTokens > contextLimit) {
        const message = `This model's maximum context length is ${contextLimit} tokens. However, your messages resulted in ${promptTokens} tokens.`;
        return refuse(new EndpointError(message, 400, true));
      }
      return streamOffline(messages, attachments, retoldAs(options?.attempt ?? 1), { tokenDelay: pace.tokenDelay, signal, promptTokens });
    },
    accumulator: () => new OpenAIChatStreamAccumulator() as StreamAccumulator<ModelChunk>,
    async summarize({ prompt }) {
      return extractiveSummary(prompt, 120);
    },
  };
}

/** Reads what the reply says about the chat's files, then streams the reply. */
async function* streamOffline(
  messages: readonly Message[], attachments: AttachmentReader, retell: (plan: OfflinePlan) => OfflinePlan,
  options: Parameters<typeof streamOfflineReply>[1],
): AsyncGenerator<OpenAIChatCompletionChunk> {
  const files = await attachmentFacts(messages, attachments);
  yield* streamOfflineReply(retell(planOfflineReply(messages, files)), options);
}

/**
 * The offline assistant answers by rules, so asked again it would say the same words: a
 * regenerated answer says which version it is, so the versions can be told apart.
 */
function retoldAs(attempt: number): (plan: OfflinePlan) => OfflinePlan {
  return (plan) => (attempt <= 1 ? plan : { ...plan, text: `Here is another take (version ${attempt}). ${plan.text}` });
}

/** The OpenAI-compatible endpoint of `settings`, through the API it speaks. */
export function endpointModel(settings: DemoSettings): ChatModel {
  if (settings.api === 'responses') {
    return {
      label: settings.model || 'endpoint',
      kind: 'endpoint',
      stream: (messages, signal) => streamEndpointResponse(settings, messages, signal),
      accumulator: () => new OpenAIResponsesStreamAccumulator() as StreamAccumulator<ModelChunk>,
      summarize: ({ system, prompt, signal }) => completeEndpointResponse(settings, system, prompt, signal),
    };
  }
  return {
    label: settings.model || 'endpoint',
    kind: 'endpoint',
    stream(messages, signal) {
      return streamEndpointCompletion(settings, messages, signal);
    },
    accumulator: () => new OpenAIChatStreamAccumulator() as StreamAccumulator<ModelChunk>,
    summarize({ system, prompt, signal }) {
      return completeEndpoint(settings, system, prompt, signal);
    },
  };
}

/** A stream that fails before its first chunk, as a refused request does. */
async function* refuse(error: Error): AsyncGenerator<OpenAIChatCompletionChunk> {
  throw error;
}
