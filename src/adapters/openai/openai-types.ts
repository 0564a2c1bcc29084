// The parts of the OpenAI Chat Completions wire format the adapter reads and writes, written from
// the public API reference. Kept minimal and structural: no dependency on the `openai` package.

/** A content part of a user message. */
export type OpenAIChatContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } }
  | { type: 'input_audio'; input_audio: { data: string; format: 'wav' | 'mp3' } }
  | { type: 'file'; file: { file_data?: string; file_id?: string; filename?: string } };

/** A tool call of an assistant message. */
export interface OpenAIChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** The system prompt, as a leading message. */
export interface OpenAIChatSystemMessage { role: 'system'; content: string }
/** A user message. */
export interface OpenAIChatUserMessage { role: 'user'; content: string | OpenAIChatContentPart[] }
/** An assistant message, with the calls it made. */
export interface OpenAIChatAssistantMessage {
  role: 'assistant';
  /** `null` when the message carries only tool calls. */
  content: string | null;
  refusal?: string;
  tool_calls?: OpenAIChatToolCall[];
}
/** The result of the tool call `tool_call_id`, right after its assistant message. */
export interface OpenAIChatToolMessage { role: 'tool'; tool_call_id: string; content: string }

/** One message of a Chat Completions request. */
export type OpenAIChatMessage =
  | OpenAIChatSystemMessage
  | OpenAIChatUserMessage
  | OpenAIChatAssistantMessage
  | OpenAIChatToolMessage;

/** Token usage of a response (or of the last chunk of a stream with `stream_options.include_usage`). */
export interface OpenAIChatUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number; audio_tokens?: number } | null;
  completion_tokens_details?: { reasoning_tokens?: number; audio_tokens?: number } | null;
}

/** The assistant message of a response choice. `reasoning_content` / `reasoning` come from compatible servers. */
export interface OpenAIChatResponseMessage {
  role?: 'assistant';
  content?: string | null;
  refusal?: string | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  tool_calls?: { id?: string; type?: string; function?: { name?: string; arguments?: string } }[] | null;
  function_call?: { name?: string; arguments?: string } | null;
  audio?: { id?: string } | null;
}

/** A non-streamed Chat Completions response (`object: 'chat.completion'`). */
export interface OpenAIChatCompletion {
  id?: string;
  object?: string;
  created?: number;
  model?: string;
  choices?: { index?: number; message?: OpenAIChatResponseMessage; finish_reason?: string | null }[];
  usage?: OpenAIChatUsage | null;
}

/** A streamed tool-call delta: `index` says which call the fragment belongs to. */
export interface OpenAIChatToolCallDelta {
  index?: number;
  id?: string | null;
  type?: string;
  function?: { name?: string | null; arguments?: string | null };
}

/** One parsed `data:` object of a Chat Completions stream (`object: 'chat.completion.chunk'`). */
export interface OpenAIChatCompletionChunk {
  id?: string;
  object?: string;
  created?: number;
  model?: string;
  choices?: {
    index?: number;
    delta?: {
      role?: string;
      content?: string | null;
      refusal?: string | null;
      reasoning_content?: string | null;
      reasoning?: string | null;
      tool_calls?: OpenAIChatToolCallDelta[] | null;
    };
    finish_reason?: string | null;
  }[];
  usage?: OpenAIChatUsage | null;
  /** Some compatible servers report a failure inside the stream. */
  error?: unknown;
}
