/**
 * Phrases providers use when the prompt does not fit the model's context window; each is
 * specific to that failure: a bare "tokens" or "context" also appears in ordinary errors.
 */
const OVERFLOW_PATTERNS: readonly RegExp[] = [
  /exceed_context_size_error/, // llama.cpp server error type
  /exceeds? the available context size/, // llama.cpp server message
  /larger than the max context size/, // older llama.cpp server
  /context_length_exceeded/, // OpenAI, Azure OpenAI, Groq error code
  /maximum context length/, // OpenAI, vLLM, DeepSeek, OpenRouter, Mistral, Ollama
  /maximum model length/, // vLLM: "longer than the maximum model length of 4096"
  /maximum prompt length/, // xAI: "maximum prompt length is 131072"
  /prompt is too long/, // Anthropic
  /exceed context limit/, // Anthropic: "input length and `max_tokens` exceed context limit"
  /exceeds the maximum number of tokens/, // Gemini
  /input token count.{0,60}exceeds/, // Gemini: "The input token count (1200000) exceeds ..."
  /input length exceeds the context length/, // Ollama
  /input is too long for (the )?requested model/, // Amazon Bedrock
  /context window (is )?exceeded|exceeds? the (model's )?context window/, // generic wording, several gateways
];

const OVERFLOW = new RegExp(OVERFLOW_PATTERNS.map((pattern) => pattern.source).join('|'), 'i');

/**
 * Whether a provider's error text says the prompt is too long for the model's context window,
 * so the app should compact and retry. Case-insensitive; recognizes OpenAI (and the servers
 * speaking its API: llama.cpp, Ollama, vLLM, OpenRouter), Anthropic, Gemini and a few other
 * gateways. Pass the raw response body or the error message. Ordinary failures (network errors,
 * 401, 503, rate limits) are not overflows.
 *
 * @example
 * if (!response.ok && isContextOverflow(await response.text())) await compactConversation(store, id, { summarize, tailTokens: 20_000 })
 */
export function isContextOverflow(errorText: string): boolean {
  return OVERFLOW.test(errorText);
}
