import { z } from 'zod/mini';

/** Opaque provider state: namespace (`openai`, `anthropic`, `google-ai`, …) → that provider's data. */
export type ProviderData = Record<string, Record<string, unknown>>;
/** The application's own data on a message or conversation. Prefix keys with your app's name. */
export type AppData = Record<string, unknown>;

/**
 * Where an image or file comes from. `provider_file` is an escape hatch into a provider account;
 * `attachment` names bytes kept in the store (`store.putAttachment`; `id` is their SHA-256 in
 * hex), which `resolveAttachments` turns into `base64` for a request.
 */
export type MediaSource =
  | { kind: 'url'; url: string; mediaType?: string }
  | { kind: 'base64'; mediaType: string; data: string }
  | { kind: 'provider_file'; provider: string; fileId: string }
  | AttachmentSource;

/** Media kept in the store as bytes, by reference (DESIGN §18): what `store.putAttachment` returns. */
export interface AttachmentSource { kind: 'attachment'; id: string; mediaType: string; size: number; filename?: string }

/** Text, in any message. */
export interface TextPart { type: 'text'; text: string; providerData?: ProviderData }
/** An image: in a user message, a tool result or an assistant's answer. */
export interface ImagePart { type: 'image'; source: MediaSource; providerData?: ProviderData }
/** A file (a PDF, a text document, audio) in a user message or a tool result. */
export interface FilePart { type: 'file'; source: MediaSource; filename?: string; providerData?: ProviderData }
/** A raw provider item kept as it came: an escape hatch, removed by `retainPortableContent`. */
export interface OtherPart { type: 'other'; typeName: string; value: unknown; origin?: string; providerData?: ProviderData }
/** The model's reasoning; a provider's opaque state for it (a signature) rides in `providerData`. */
export interface ReasoningBlock { type: 'reasoning'; text: string; providerData?: ProviderData }
/** The model declining to answer, where the provider reports that apart from text. */
export interface RefusalBlock { type: 'refusal'; text: string; providerData?: ProviderData }
/** A call of a client tool. `arguments` is the JSON text exactly as the model wrote it. */
export interface ToolCallBlock { type: 'tool_call'; id: string; name: string; arguments: string; providerData?: ProviderData }
/** A tool the provider ran itself (web search, code execution): not a client tool call. */
export interface ProviderToolCallBlock {
  type: 'provider_tool_call'; id: string; name: string; arguments: string; origin?: string; providerData?: ProviderData;
}
/** The result of a {@link ProviderToolCallBlock}, in the same assistant message. */
export interface ProviderToolResultBlock {
  type: 'provider_tool_result'; toolCallId: string; value: unknown; origin?: string; providerData?: ProviderData;
}

/** What a user message's content array holds. */
export type UserPart = TextPart | ImagePart | FilePart | OtherPart;
/** What a tool message's content array holds. */
export type ToolResultPart = TextPart | ImagePart | FilePart | OtherPart;
/** What an assistant message's content holds, in the order the model produced it. */
export type AssistantBlock =
  | TextPart
  | ReasoningBlock
  | RefusalBlock
  | ImagePart
  | ToolCallBlock
  | ProviderToolCallBlock
  | ProviderToolResultBlock
  | OtherPart;

/** What the user said: text, or parts with media. */
export interface UserMessage { role: 'user'; content: string | UserPart[]; providerData?: ProviderData; appData?: AppData }
/** The model's answer: text, reasoning and tool calls as blocks. */
export interface AssistantMessage { role: 'assistant'; content: AssistantBlock[]; providerData?: ProviderData; appData?: AppData }
/** The result of the tool call `toolCallId`; it belongs in the run of tool messages right after that call. */
export interface ToolMessage {
  role: 'tool'; toolCallId: string; toolName: string; content: string | ToolResultPart[];
  isError?: boolean; providerData?: ProviderData; appData?: AppData;
}
/** A persisted chat message: plain JSON. There is no system role: the app sets the system prompt per request. */
export type Message = UserMessage | AssistantMessage | ToolMessage;
/** Who wrote a message: `user`, `assistant` or `tool`. */
export type Role = Message['role'];

// `/* @__PURE__ */` marks every top-level schema construction (and each `.check()`, a method call a
// bundler cannot see through) as droppable: a module that imports one helper from here, or an app
// that never validates, does not keep these schemas and zod with them. Keep the marks on new ones.
const providerData = /* @__PURE__ */ z.optional(z.record(z.string(), z.record(z.string(), z.unknown())));
const appData = /* @__PURE__ */ z.optional(z.record(z.string(), z.unknown()));

const mediaSource = /* @__PURE__ */ z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('url'), url: z.string(), mediaType: z.optional(z.string()) }),
  z.object({ kind: z.literal('base64'), mediaType: z.string(), data: z.string() }),
  z.object({ kind: z.literal('provider_file'), provider: z.string(), fileId: z.string() }),
  z.object({ kind: z.literal('attachment'), id: z.string(), mediaType: z.string(), size: z.number(), filename: z.optional(z.string()) }),
]);

const textPart = /* @__PURE__ */ z.object({ type: z.literal('text'), text: z.string(), providerData });
const imagePart = /* @__PURE__ */ z.object({ type: z.literal('image'), source: mediaSource, providerData });
const filePart = /* @__PURE__ */ z.object({ type: z.literal('file'), source: mediaSource, filename: z.optional(z.string()), providerData });
const otherPart = /* @__PURE__ */ z.object({
  type: z.literal('other'), typeName: z.string(), value: z.unknown(), origin: z.optional(z.string()), providerData,
});
const reasoningBlock = /* @__PURE__ */ z.object({ type: z.literal('reasoning'), text: z.string(), providerData });
const refusalBlock = /* @__PURE__ */ z.object({ type: z.literal('refusal'), text: z.string(), providerData });
const toolCallBlock = /* @__PURE__ */ z.object({
  type: z.literal('tool_call'), id: /* @__PURE__ */ z.string().check(z.minLength(1)), name: /* @__PURE__ */ z.string().check(z.minLength(1)), arguments: z.string(), providerData,
});
const providerToolCallBlock = /* @__PURE__ */ z.object({
  type: z.literal('provider_tool_call'), id: z.string(), name: z.string(), arguments: z.string(),
  origin: z.optional(z.string()), providerData,
});
const providerToolResultBlock = /* @__PURE__ */ z.object({
  type: z.literal('provider_tool_result'), toolCallId: z.string(), value: z.unknown(),
  origin: z.optional(z.string()), providerData,
});

const userPart = /* @__PURE__ */ z.discriminatedUnion('type', [textPart, imagePart, filePart, otherPart]);
const assistantBlock = /* @__PURE__ */ z.discriminatedUnion('type', [
  textPart, reasoningBlock, refusalBlock, imagePart, toolCallBlock, providerToolCallBlock, providerToolResultBlock, otherPart,
]);

const userMessage = /* @__PURE__ */ z.object({
  role: z.literal('user'), content: z.union([z.string(), z.array(userPart)]), providerData, appData,
});
const assistantMessage = /* @__PURE__ */ z.object({ role: z.literal('assistant'), content: z.array(assistantBlock), providerData, appData });
const toolMessage = /* @__PURE__ */ z.object({
  role: z.literal('tool'), toolCallId: /* @__PURE__ */ z.string().check(z.minLength(1)), toolName: z.string(),
  content: z.union([z.string(), z.array(userPart)]), isError: z.optional(z.literal([true, false])), providerData, appData,
});
const message = /* @__PURE__ */ z.discriminatedUnion('role', [userMessage, assistantMessage, toolMessage]);

/** The zod schema of {@link ProviderData}. */
export const ProviderDataSchema: z.ZodMiniType<ProviderData> = /* @__PURE__ */ z.record(z.string(), z.record(z.string(), z.unknown()));
/** The zod schema of {@link AppData}. */
export const AppDataSchema: z.ZodMiniType<AppData> = /* @__PURE__ */ z.record(z.string(), z.unknown());
/** The zod schema of {@link MediaSource}. */
export const MediaSourceSchema: z.ZodMiniType<MediaSource> = mediaSource;
/** The zod schema of {@link TextPart}. */
export const TextPartSchema: z.ZodMiniType<TextPart> = textPart;
/** The zod schema of {@link ImagePart}. */
export const ImagePartSchema: z.ZodMiniType<ImagePart> = imagePart;
/** The zod schema of {@link FilePart}. */
export const FilePartSchema: z.ZodMiniType<FilePart> = filePart;
/** The zod schema of {@link OtherPart}. */
export const OtherPartSchema: z.ZodMiniType<OtherPart> = otherPart;
/** The zod schema of {@link UserPart}. */
export const UserPartSchema: z.ZodMiniType<UserPart> = userPart;
/** The zod schema of {@link ToolResultPart} (the same parts a user message takes). */
export const ToolResultPartSchema: z.ZodMiniType<ToolResultPart> = userPart;
/** The zod schema of {@link AssistantBlock}. */
export const AssistantBlockSchema: z.ZodMiniType<AssistantBlock> = assistantBlock;
/** The zod schema of {@link UserMessage}. */
export const UserMessageSchema: z.ZodMiniType<UserMessage> = userMessage;
/** The zod schema of {@link AssistantMessage}. */
export const AssistantMessageSchema: z.ZodMiniType<AssistantMessage> = assistantMessage;
/** The zod schema of {@link ToolMessage}. */
export const ToolMessageSchema: z.ZodMiniType<ToolMessage> = toolMessage;
/**
 * The zod schema of a persisted {@link Message}. Unknown fields are stripped.
 *
 * @example
 * const result = MessageSchema.safeParse(JSON.parse(text))
 */
export const MessageSchema: z.ZodMiniType<Message> = message;

/** Every content `type` this build knows, in any position. A type outside this set is from a newer writer. */
export const KNOWN_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'text', 'image', 'file', 'other', 'reasoning', 'refusal', 'tool_call', 'provider_tool_call', 'provider_tool_result',
]);
