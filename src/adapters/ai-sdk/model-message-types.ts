// The Vercel AI SDK `ModelMessage` shape (v5 parts, accepted by ai@7's `modelMessageSchema`),
// written from its public reference. Kept minimal and structural: no dependency on `ai`.
// Media travel as strings: base64 data or a URL, which the SDK tells apart.

export interface ModelTextPart { type: 'text'; text: string }
export interface ModelImagePart { type: 'image'; image: string; mediaType?: string }
export interface ModelFilePart { type: 'file'; data: string; mediaType: string; filename?: string }
export interface ModelReasoningPart { type: 'reasoning'; text: string }
export interface ModelToolCallPart { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
/** A tool result's output: text, or error text for a failed call. */
export type ModelToolResultOutput = { type: 'text'; value: string } | { type: 'error-text'; value: string };
export interface ModelToolResultPart { type: 'tool-result'; toolCallId: string; toolName: string; output: ModelToolResultOutput }

export interface SystemModelMessage { role: 'system'; content: string }
export interface UserModelMessage { role: 'user'; content: string | (ModelTextPart | ModelImagePart | ModelFilePart)[] }
export interface AssistantModelMessage {
  role: 'assistant';
  content: string | (ModelTextPart | ModelFilePart | ModelReasoningPart | ModelToolCallPart)[];
}
export interface ToolModelMessage { role: 'tool'; content: ModelToolResultPart[] }

/** One message of an AI SDK call (`generateText({ messages })`, `streamText({ messages })`). */
export type ModelMessage = SystemModelMessage | UserModelMessage | AssistantModelMessage | ToolModelMessage;
