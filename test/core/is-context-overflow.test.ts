import { describe, expect, it } from 'vitest';
import { isContextOverflow } from '../../src/core/is-context-overflow.js';

const overflows: Record<string, string> = {
  'llama.cpp': JSON.stringify({
    error: {
      code: 400,
      message: 'the request exceeds the available context size, try increasing it',
      type: 'exceed_context_size_error',
      n_prompt_tokens: 9000,
      n_ctx: 8192,
    },
  }),
  'llama.cpp (message only)': 'request (9000 tokens) exceeds the available context size (8192 tokens), try increasing it',
  'OpenAI': JSON.stringify({
    error: {
      message: "This model's maximum context length is 128000 tokens. However, your messages resulted in 130532 tokens. Please reduce the length of the messages.",
      type: 'invalid_request_error',
      param: 'messages',
      code: 'context_length_exceeded',
    },
  }),
  'OpenAI (code only)': '{"error":{"message":"Input too long.","type":"invalid_request_error","code":"context_length_exceeded"}}',
  'Anthropic': JSON.stringify({
    type: 'error',
    error: { type: 'invalid_request_error', message: 'prompt is too long: 208392 tokens > 200000 maximum' },
    request_id: 'req_011CQxyz',
  }),
  'Anthropic (max_tokens)': JSON.stringify({
    type: 'error',
    error: { type: 'invalid_request_error', message: 'input length and `max_tokens` exceed context limit: 197000 + 8192 > 200000, decrease input length or `max_tokens` and try again' },
  }),
  'Gemini': JSON.stringify({
    error: {
      code: 400,
      message: 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
      status: 'INVALID_ARGUMENT',
    },
  }),
  'Gemini (other wording)': '{"error":{"code":400,"message":"input token count 40000 exceeds limit of 32768","status":"INVALID_ARGUMENT"}}',
  'vLLM (OpenAI wording)': '{"object":"error","message":"This model\'s maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.","type":"BadRequestError","param":null,"code":400}',
  'vLLM (model length)': '{"object":"error","message":"The decoder prompt (length 5000) is longer than the maximum model length of 4096. Make sure that `max_model_len` is no smaller than the number of text tokens.","type":"BadRequestError","code":400}',
  'Ollama': '{"error":"input length exceeds the context length"}',
  'Mistral': '{"object":"error","message":"Prompt contains 40000 tokens and 0 draft tokens, too large for model with 32768 maximum context length","type":"invalid_request_error","code":null}',
  'OpenRouter': '{"error":{"message":"This endpoint\'s maximum context length is 131072 tokens. However, you requested about 140000 tokens.","code":400}}',
  'older llama.cpp': '{"content":"","error":"input is larger than the max context size. skipping"}',
  'xAI': '{"code":"Client specified an invalid argument","error":"This model\'s maximum prompt length is 131072 but the request contains 140000 tokens."}',
  'Amazon Bedrock': '{"message":"Input is too long for requested model."}',
  'a gateway': '{"error":{"message":"Request exceeds the model\'s context window (128k tokens)"}}',
  'upper case': 'PROMPT IS TOO LONG',
};

const ordinary: Record<string, string> = {
  'connection refused': 'TypeError: fetch failed: connect ECONNREFUSED 127.0.0.1:8080',
  'unauthorized': JSON.stringify({ error: { message: 'Incorrect API key provided: sk-abc***. You can find your API key at https://platform.openai.com/account/api-keys.', type: 'invalid_request_error', code: 'invalid_api_key' } }),
  '401': '401 Unauthorized',
  '503': JSON.stringify({ error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' } }),
  'Anthropic overloaded': JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
  'rate limit': JSON.stringify({ error: { message: 'Rate limit reached for gpt-4o in organization org-x on tokens per min (TPM): Limit 30000, Used 28000, Requested 4000. Please try again in 4s.', type: 'tokens', code: 'rate_limit_exceeded' } }),
  'Anthropic rate limit': JSON.stringify({ type: 'error', error: { type: 'rate_limit_error', message: 'This request would exceed the rate limit for your organization of 40,000 input tokens per minute.' } }),
  'tool output mentioning context': 'the tool returned 4096 tokens of context',
  'output token limit': JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: 100000 > 64000, which is the maximum allowed number of output tokens for claude-sonnet' } }),
  'bad request': '{"error":{"message":"Invalid value for \'content\': expected a string, got null.","type":"invalid_request_error","param":"messages.[1].content","code":null}}',
  'empty': '',
};

describe('isContextOverflow', () => {
  for (const [provider, body] of Object.entries(overflows)) {
    it(`recognizes ${provider}`, () => {
      expect(isContextOverflow(body)).toBe(true);
    });
  }

  for (const [name, body] of Object.entries(ordinary)) {
    it(`does not mistake ${name} for an overflow`, () => {
      expect(isContextOverflow(body)).toBe(false);
    });
  }
});
