// convolog/adapters: pure conversions between stored messages and provider wire formats (DESIGN §7).
// No I/O and no provider SDK: each `to…` returns a body to spread into the request, each `from…`
// and stream accumulator returns the assistant message to append and its turn envelope.

// Shared contract
export type { AdapterOptions } from './shared/adapter-options.js';
export type { FinishOptions, FinishedTurn } from './shared/stream-accumulator.js';
export { StreamAccumulator } from './shared/stream-accumulator.js';
export type { ConvertedResponse } from './shared/converted-response.js';

// OpenAI Chat Completions (also llama.cpp, Ollama, vLLM, OpenRouter)
export { OPENAI_NAMESPACE } from './openai/openai-namespace.js';
export { toOpenAIChatMessages, type OpenAIChatRequest } from './openai/to-openai-chat-messages.js';
export { fromOpenAIChatCompletion } from './openai/from-openai-chat-completion.js';
export { OpenAIChatStreamAccumulator } from './openai/openai-chat-stream-accumulator.js';
export type * from './openai/openai-types.js';

// OpenAI Responses API (namespace 'openai' too)
export { toOpenAIResponsesInput, type OpenAIResponsesRequest } from './openai/to-openai-responses-input.js';
export { fromOpenAIResponse } from './openai/from-openai-response.js';
export { OpenAIResponsesStreamAccumulator } from './openai/openai-responses-stream-accumulator.js';
export type * from './openai/openai-responses-types.js';

// Anthropic Messages
export { ANTHROPIC_NAMESPACE } from './anthropic/anthropic-namespace.js';
export { toAnthropicMessages, type AnthropicRequest } from './anthropic/to-anthropic-messages.js';
export { fromAnthropicMessage } from './anthropic/from-anthropic-message.js';
export { AnthropicStreamAccumulator } from './anthropic/anthropic-stream-accumulator.js';
export type * from './anthropic/anthropic-types.js';

// Google Gemini generateContent
export { GOOGLE_AI_NAMESPACE } from './gemini/gemini-namespace.js';
export { toGeminiContents, type GeminiRequest } from './gemini/to-gemini-contents.js';
export { fromGeminiResponse } from './gemini/from-gemini-response.js';
export { GeminiStreamAccumulator } from './gemini/gemini-stream-accumulator.js';
export type * from './gemini/gemini-types.js';

// Vercel AI SDK ModelMessage
export { toModelMessages, type ModelMessagesRequest } from './ai-sdk/to-model-messages.js';
export type * from './ai-sdk/model-message-types.js';
