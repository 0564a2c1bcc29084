import { describe, expect, it } from 'vitest';
import * as adapters from '../../src/adapters/index.js';

describe('convolog/adapters entry', () => {
  it('exports the namespaces as documented constants', () => {
    expect(adapters.OPENAI_NAMESPACE).toBe('openai');
    expect(adapters.ANTHROPIC_NAMESPACE).toBe('anthropic');
    expect(adapters.GOOGLE_AI_NAMESPACE).toBe('google-ai');
  });

  it('exports every converter and accumulator of DESIGN §7 and §14', () => {
    for (const name of [
      'toOpenAIChatMessages', 'fromOpenAIChatCompletion', 'toAnthropicMessages', 'fromAnthropicMessage',
      'toGeminiContents', 'fromGeminiResponse', 'toModelMessages', 'toOpenAIResponsesInput', 'fromOpenAIResponse',
    ] as const) expect(typeof adapters[name]).toBe('function');
    for (const accumulator of [
      adapters.OpenAIChatStreamAccumulator, adapters.AnthropicStreamAccumulator, adapters.GeminiStreamAccumulator, adapters.OpenAIResponsesStreamAccumulator,
    ]) {
      expect(new accumulator()).toBeInstanceOf(adapters.StreamAccumulator);
    }
  });
});
