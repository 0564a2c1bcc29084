// The parts of the Anthropic Messages wire format the adapter reads and writes, written from the
// public API reference. Kept minimal and structural: no dependency on `@anthropic-ai/sdk`. The
// request types are subsets of the SDK's `MessageCreateParams` (checked by test/types), and the
// response and event types accept the SDK's `Message` and `MessageStreamEvent`.

/** The image types Anthropic takes as data. */
export type AnthropicImageMediaType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** Where an image comes from: data, a URL, or a Files API id. */
export type AnthropicImageSource =
  | { type: 'base64'; media_type: AnthropicImageMediaType; data: string }
  | { type: 'url'; url: string }
  | { type: 'file'; file_id: string };

/** Where a document comes from: PDF data, plain text, a URL, or a Files API id. */
export type AnthropicDocumentSource =
  | { type: 'base64'; media_type: 'application/pdf'; data: string }
  | { type: 'text'; media_type: 'text/plain'; data: string }
  | { type: 'url'; url: string }
  | { type: 'file'; file_id: string };

/** A text block. */
export interface AnthropicTextBlock { type: 'text'; text: string }
/** An image block. */
export interface AnthropicImageBlock { type: 'image'; source: AnthropicImageSource }
/** A document block (PDF or plain text). */
export interface AnthropicDocumentBlock { type: 'document'; source: AnthropicDocumentSource; title?: string }
/** Extended thinking, replayed with the signature Anthropic issued. */
export interface AnthropicThinkingBlock { type: 'thinking'; thinking: string; signature: string }
/** Thinking Anthropic encrypted, replayed as it came. */
export interface AnthropicRedactedThinkingBlock { type: 'redacted_thinking'; data: string }
/** A client tool call with its parsed `input`. */
export interface AnthropicToolUseBlock { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
/** The result of the tool call `tool_use_id`, in the user turn after the calls. */
export interface AnthropicToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string | (AnthropicTextBlock | AnthropicImageBlock | AnthropicDocumentBlock)[];
  is_error?: boolean;
}
/** A provider-run tool call (`server_tool_use`, `mcp_tool_use`), replayed with the type it came with. */
export interface AnthropicServerToolUseBlock { type: string; id: string; name: string; input: Record<string, unknown> }
/** Any other block, replayed as it came (provider tool results, blocks newer than this adapter). */
export interface AnthropicRawBlock { type: string; [field: string]: unknown }

/**
 * A content block of a request message. Blocks Anthropic sent and the adapter replays exactly as
 * they came (server tool calls and results, `other` items of origin `anthropic`: see
 * {@link AnthropicServerToolUseBlock} and {@link AnthropicRawBlock}) are Anthropic's own block
 * types, which this union does not spell out: it lists what the adapter writes itself, so that the
 * body spreads into the SDK's `MessageCreateParams` without a cast.
 */
export type AnthropicContentBlock =
  | AnthropicTextBlock
  | AnthropicImageBlock
  | AnthropicDocumentBlock
  | AnthropicThinkingBlock
  | AnthropicRedactedThinkingBlock
  | AnthropicToolUseBlock
  | AnthropicToolResultBlock;

/** One message of a Messages request: roles alternate, tool results ride in user turns. */
export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string | AnthropicContentBlock[];
}

/** Token usage as Anthropic reports it (`input_tokens` excludes cached tokens). */
export interface AnthropicUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

/**
 * A content block of a response, as received: any block with a `type` (the SDK's `ContentBlock`
 * included, and object literals with any fields); the adapter reads the fields it knows and keeps
 * the rest.
 */
export type AnthropicResponseBlock = { type: string } | { type: string; [field: string]: unknown };

/** A non-streamed Messages response (`type: 'message'`). */
export interface AnthropicResponse {
  id?: string;
  type?: 'message';
  role?: 'assistant';
  model?: string;
  content?: AnthropicResponseBlock[];
  stop_reason?: string | null;
  stop_sequence?: string | null;
  usage?: AnthropicUsage;
}

/** One parsed event of a Messages stream. */
export type AnthropicStreamEvent =
  | { type: 'message_start'; message: AnthropicResponse }
  | { type: 'content_block_start'; index: number; content_block: AnthropicResponseBlock }
  | {
    type: 'content_block_delta';
    index: number;
    delta:
      | { type: 'text_delta'; text: string }
      | { type: 'thinking_delta'; thinking: string }
      | { type: 'signature_delta'; signature: string }
      | { type: 'input_json_delta'; partial_json: string }
      | { type: string }
      | { type: string; [field: string]: unknown };
  }
  | { type: 'content_block_stop'; index: number }
  | { type: 'message_delta'; delta: { stop_reason?: string | null; stop_sequence?: string | null }; usage?: AnthropicUsage }
  | { type: 'message_stop' }
  | { type: 'ping' }
  | { type: 'error'; error: { type?: string; message?: string } };
