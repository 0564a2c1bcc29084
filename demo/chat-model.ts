// What answers a turn: the built-in offline assistant or an OpenAI-compatible endpoint.
// Both stream OpenAI chat completion chunks, read by the same accumulator.
import type { Message } from '../src/index.js';
import type { OpenAIChatCompletionChunk } from '../src/adapters/index.js';
import { planOfflineReply, streamOfflineReply } from './offline-assistant.js';
import { streamEndpointCompletion, completeEndpoint, EndpointError } from './endpoint-client.js';
import { offlinePromptTokens } from './offline-token-count.js';
import { extractiveSummary } from './summarizer.js';
import type { DemoSettings, Pace } from './settings.js';

/** A source of streamed replies and of compaction summaries. */
export interface ChatModel {
  /** Shown in the header and stored in the turn envelope. */
  readonly label: string;
  readonly kind: 'offline' | 'endpoint';
  /** Streams one completion for `messages` (the context), as parsed OpenAI chunks. */
  stream(messages: readonly Message[], signal: AbortSignal): AsyncIterable<OpenAIChatCompletionChunk>;
  /** Writes a summary for `compactConversation`. */
  summarize(request: { system: string; prompt: string; signal?: AbortSignal }): Promise<string>;
}

/**
 * The offline assistant at `pace`, with a context window of `contextLimit` tokens: like a real
 * model it counts the prompt (its own way, see offline-token-count.ts), reports that count as
 * usage, and refuses a prompt over its limit with a provider's "maximum context length" error.
 */
export function offlineModel(pace: Pace, contextLimit: number): ChatModel {
  return {
    label: 'Offline assistant',
    kind: 'offline',
    stream(messages, signal) {
      const promptTokens = offlinePromptTokens(messages);
      if (promptTokens > contextLimit) {
        const message = `This model's maximum context length is ${contextLimit} tokens. However, your messages resulted in ${promptTokens} tokens.`;
        return refuse(new EndpointError(message, 400, true));
      }
      return streamOfflineReply(planOfflineReply(messages), { tokenDelay: pace.tokenDelay, signal, promptTokens });
    },
    async summarize({ prompt }) {
      return extractiveSummary(prompt, 120);
    },
  };
}

/** The OpenAI-compatible endpoint of `settings`. */
export function endpointModel(settings: DemoSettings): ChatModel {
  return {
    label: settings.model || 'endpoint',
    kind: 'endpoint',
    stream(messages, signal) {
      return streamEndpointCompletion(settings, messages, signal);
    },
    summarize({ system, prompt, signal }) {
      return completeEndpoint(settings, system, prompt, signal);
    },
  };
}

/** A stream that fails before its first chunk, as a refused request does. */
async function* refuse(error: Error): AsyncGenerator<OpenAIChatCompletionChunk> {
  throw error;
}
