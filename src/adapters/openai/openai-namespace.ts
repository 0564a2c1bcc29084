/**
 * The provider-data namespace of OpenAI Chat Completions (and the servers that speak it:
 * llama.cpp, Ollama, vLLM, OpenRouter). The OpenAI adapter sends only this namespace's state.
 */
export const OPENAI_NAMESPACE = 'openai';
