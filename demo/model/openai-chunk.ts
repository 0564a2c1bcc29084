// The slice of the OpenAI Chat Completions streaming format the demo produces and reads.

/** One tool-call fragment in a streamed delta. */
export interface OpenAIToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

/** One parsed SSE `data:` object of a streamed chat completion. */
export interface OpenAIChatChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: {
    index: number;
    delta: { role?: 'assistant'; content?: string; tool_calls?: OpenAIToolCallDelta[] };
    finish_reason: 'stop' | 'tool_calls' | 'length' | null;
  }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}
