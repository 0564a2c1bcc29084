// The Vercel AI SDK `ModelMessage` shape (v5 parts, accepted by ai@7's `modelMessageSchema`),
// written from its public reference. Kept minimal and structural: no dependency on `ai`.
// Media travel as strings: base64 data or a URL, which the SDK tells apart.

/** A text part. */
export interface ModelTextPart { type: 'text'; text: string }
/** An image: base64 data or a URL; `mediaType` when known. */
export interface ModelImagePart { type: 'image'; image: string; mediaType?: string }
/** A file: base64 data or a URL, with its media type (`image/*` allowed). */
export interface ModelFilePart { type: 'file'; data: string; mediaType: string; filename?: string }
/** Reasoning text of an earlier assistant turn. */
export interface ModelReasoningPart { type: 'reasoning'; text: string }
/** A tool call with its parsed `input`. */
export interface ModelToolCallPart { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
/** A tool result's output: text, or error text for a failed call. */
export type ModelToolResultOutput = { type: 'text'; value: string } | { type: 'error-text'; value: string };
/** The result of the tool call `toolCallId`. */
export interface ModelToolResultPart { type: 'tool-result'; toolCallId: string; toolName: string; output: ModelToolResultOutput }

/** A system message. `toModelMessages` never writes one: it sends the system prompt as `body.system`. */
export interface SystemModelMessage { role: 'system'; content: string }
/** A user message. */
export interface UserModelMessage { role: 'user'; content: string | (ModelTextPart | ModelImagePart | ModelFilePart)[] }
/** An assistant message. */
export interface AssistantModelMessage {
  role: 'assistant';
  content: string | (ModelTextPart | ModelFilePart | ModelReasoningPart | ModelToolCallPart)[];
}
/** The results of one window of tool calls. */
export interface ToolModelMessage { role: 'tool'; content: ModelToolResultPart[] }

/** One message of an AI SDK call (`generateText({ messages })`, `streamText({ messages })`). */
export type ModelMessage = SystemModelMessage | UserModelMessage | AssistantModelMessage | ToolModelMessage;
