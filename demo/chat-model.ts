// What answers a turn: the built-in offline assistant or an OpenAI-compatible endpoint.
// Both stream OpenAI chat completion chunks, read by the same accumulator.
import { estimateMessageTokens, type Message } from '../src/index.js';
import type { OpenAIChatCompletionChunk } from '../src/adapters/index.js';
import { planOfflineReply, streamOfflineReply, type OfflinePlan } from './offline-assistant.js';
import { streamEndpointCompletion, completeEndpoint } from './endpoint-client.js';
import { extractiveSummary } from './summarizer.js';
import type { DemoSettings, Pace } from './settings.js';

/** A source of streamed replies and of compaction summaries. */
export interface ChatModel {
  /** Shown in the header and stored in the turn envelope. */
  readonly label: string;
  readonly kind: 'offline' | 'endpoint';
  /**
   * Streams one completion for `messages` (the context), as parsed OpenAI chunks. `attempt` 2
   * and up asks again for a message already answered (Regenerate).
   */
  stream(messages: readonly Message[], signal: AbortSignal, options?: { attempt?: number }): AsyncIterable<OpenAIChatCompletionChunk>;
  /** Writes a summary for `compactConversation`. */
  summarize(request: { system: string; prompt: string; signal?: AbortSignal }): Promise<string>;
}

/** The offline assistant at `pace`. */
export function offlineModel(pace: Pace): ChatModel {
  return {
    label: 'Offline assistant',
    kind: 'offline',
    stream(messages, signal, options) {
      const promptTokens = messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
      return streamOfflineReply(retold(planOfflineReply(messages), options?.attempt ?? 1), { tokenDelay: pace.tokenDelay, signal, promptTokens });
    },
    async summarize({ prompt }) {
      return extractiveSummary(prompt, 120);
    },
  };
}

/**
 * The offline assistant answers by rules, so asked again it would say the same words: a
 * regenerated answer says which version it is, so the versions can be told apart.
 */
function retold(plan: OfflinePlan, attempt: number): OfflinePlan {
  return attempt <= 1 ? plan : { ...plan, text: `Here is another take (version ${attempt}). ${plan.text}` };
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

