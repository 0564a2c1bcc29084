// The parts of the OpenAI Responses API wire format the adapter reads and writes, written from the
// API reference and checked against the `openai` package's own types (test/types): the request
// items are subsets of its `ResponseInputItem`, and the response and event types accept its
// `Response` and `ResponseStreamEvent`. No dependency on the `openai` package.

/** Text of a user message or tool output. */
export interface OpenAIResponsesInputText { type: 'input_text'; text: string }
/** An image by URL (a `data:` URL for inline data) or by file id. */
export interface OpenAIResponsesInputImage {
  type: 'input_image';
  detail: 'low' | 'high' | 'auto' | 'original';
  image_url?: string;
  file_id?: string;
}
/** A file as a `data:` URL, by URL, or by file id. */
export interface OpenAIResponsesInputFile {
  type: 'input_file';
  file_data?: string;
  file_url?: string;
  file_id?: string;
  filename?: string;
}
/** A content part of a user message or of a tool's output. */
export type OpenAIResponsesInputContent = OpenAIResponsesInputText | OpenAIResponsesInputImage | OpenAIResponsesInputFile;

/** A user message. */
export interface OpenAIResponsesUserMessage { type: 'message'; role: 'user'; content: string | OpenAIResponsesInputContent[] }
/** Assistant text that came from another provider or has no item id: sent as plain text. */
export interface OpenAIResponsesAssistantText { type: 'message'; role: 'assistant'; content: string }
/** A citation in assistant text, replayed as the API sent it. */
export type OpenAIResponsesAnnotation =
  | { type: 'url_citation'; url: string; title: string; start_index: number; end_index: number }
  | { type: 'file_citation'; file_id: string; filename: string; index: number }
  | { type: 'container_file_citation'; container_id: string; file_id: string; filename: string; start_index: number; end_index: number }
  | { type: 'file_path'; file_id: string; index: number };
/** Text of an assistant message item. */
export interface OpenAIResponsesOutputText { type: 'output_text'; text: string; annotations: OpenAIResponsesAnnotation[] }
/** A refusal inside an assistant message item. */
export interface OpenAIResponsesOutputRefusal { type: 'refusal'; refusal: string }
/** An assistant message item the API produced, replayed with its id and status. */
export interface OpenAIResponsesOutputMessage {
  type: 'message';
  role: 'assistant';
  id: string;
  status: 'in_progress' | 'completed' | 'incomplete';
  content: (OpenAIResponsesOutputText | OpenAIResponsesOutputRefusal)[];
  phase?: 'commentary' | 'final_answer' | null;
}
/** A reasoning item, replayed with its id and, for stateless use, its `encrypted_content`. */
export interface OpenAIResponsesReasoningItem {
  type: 'reasoning';
  id: string;
  summary: { type: 'summary_text'; text: string }[];
  encrypted_content?: string | null;
}
/** A call of a client function: `call_id` is the tool call id, `id` the item id. */
export interface OpenAIResponsesFunctionCall {
  type: 'function_call';
  call_id: string;
  name: string;
  arguments: string;
  id?: string;
}
/** The result of the function call `call_id`. */
export interface OpenAIResponsesFunctionCallOutput {
  type: 'function_call_output';
  call_id: string;
  output: string | OpenAIResponsesInputContent[];
}

/**
 * One item of a Responses request. Items the API sent and the adapter replays exactly as they came
 * (`other` items of origin `openai`: built-in tool calls, `item_reference`, items newer than this
 * adapter) are the API's own item types, which this union does not spell out: it lists what the
 * adapter writes itself, so that the body spreads into the SDK's `ResponseCreateParams`.
 */
export type OpenAIResponsesInputItem =
  | OpenAIResponsesUserMessage
  | OpenAIResponsesAssistantText
  | OpenAIResponsesOutputMessage
  | OpenAIResponsesReasoningItem
  | OpenAIResponsesFunctionCall
  | OpenAIResponsesFunctionCallOutput;

/** Token usage as the Responses API reports it. */
export interface OpenAIResponsesUsage {
  input_tokens?: number;
  output_tokens?: number;
  total_tokens?: number;
  input_tokens_details?: { cached_tokens?: number } | null;
  output_tokens_details?: { reasoning_tokens?: number } | null;
}

/** An output item, as received: any item with a `type` (the SDK's `ResponseOutputItem` included). */
export type OpenAIResponsesOutputItem = { type: string } | { type: string; [field: string]: unknown };

/** A Responses API response (`object: 'response'`). */
export interface OpenAIResponse {
  id?: string;
  object?: string;
  model?: string;
  status?: string;
  output?: OpenAIResponsesOutputItem[];
  incomplete_details?: { reason?: string } | null;
  error?: { code?: string | null; message?: string } | null;
  usage?: OpenAIResponsesUsage | null;
}

/** An event about the whole response: its id, model, status and usage. */
export interface OpenAIResponsesLifecycleEvent {
  type: 'response.created' | 'response.in_progress' | 'response.completed' | 'response.incomplete' | 'response.failed';
  response: OpenAIResponse;
}
/** An output item opened (`added`) or finished (`done`). */
export interface OpenAIResponsesItemEvent {
  type: 'response.output_item.added' | 'response.output_item.done';
  output_index: number;
  item: OpenAIResponsesOutputItem;
}
/** A new part of a message item. */
export interface OpenAIResponsesContentPartEvent {
  type: 'response.content_part.added';
  output_index: number;
  content_index: number;
  part: { type: string };
}
/** More text or refusal of a message part. */
export interface OpenAIResponsesPartDeltaEvent {
  type: 'response.output_text.delta' | 'response.refusal.delta';
  output_index: number;
  content_index: number;
  delta: string;
}
/** More arguments of a function call. */
export interface OpenAIResponsesArgumentsDeltaEvent { type: 'response.function_call_arguments.delta'; output_index: number; delta: string }
/** More text of a reasoning summary. */
export interface OpenAIResponsesSummaryDeltaEvent {
  type: 'response.reasoning_summary_text.delta';
  output_index: number;
  summary_index: number;
  delta: string;
}
/** A failure reported inside the stream. */
export interface OpenAIResponsesErrorEvent { type: 'error'; code?: string | null; message?: string }

/** One parsed event of a Responses stream (`data:` of each SSE event). Other event types are accepted and ignored. */
export type OpenAIResponsesStreamEvent =
  | OpenAIResponsesLifecycleEvent
  | OpenAIResponsesItemEvent
  | OpenAIResponsesContentPartEvent
  | OpenAIResponsesPartDeltaEvent
  | OpenAIResponsesArgumentsDeltaEvent
  | OpenAIResponsesSummaryDeltaEvent
  | OpenAIResponsesErrorEvent
  | { type: string };
