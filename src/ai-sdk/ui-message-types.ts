// The Vercel AI SDK `UIMessage` shape, declared structurally (no dependency on `ai`). Written from
// ai@7's published types; every shape here is also a valid v5 and v6 UIMessage part except where a
// comment says which version added it. `toUIMessages` output is assignable to ai's `UIMessage[]`
// (checked by a type test against the real package).

/** A JSON value, as ai's `JSONValue`. */
export type JSONValue = null | string | number | boolean | JSONObject | JSONValue[];
/** A JSON object, as ai's `JSONObject`. */
export type JSONObject = { [key: string]: JSONValue | undefined };
/** Opaque provider metadata: provider name → that provider's JSON data. */
export type UIProviderMetadata = Record<string, JSONObject>;

/** Text. `state` is `'streaming'` while it arrives. */
export type TextUIPart = { type: 'text'; text: string; state?: 'streaming' | 'done'; providerMetadata?: UIProviderMetadata }
/** The model's reasoning. */
export type ReasoningUIPart = { type: 'reasoning'; text: string; state?: 'streaming' | 'done'; providerMetadata?: UIProviderMetadata }
/** A file by URL or data URL. */
export type FileUIPart = { type: 'file'; mediaType: string; filename?: string; url: string; providerMetadata?: UIProviderMetadata }
/** Where a step of an assistant message begins. */
export type StepStartUIPart = { type: 'step-start' }

/** What every tool part carries besides its state. */
export type ToolUIPartBase = { toolCallId: string; title?: string; providerExecuted?: boolean }

/** A finished tool call, as `toUIMessages` writes it: its output, or the error it ended with. */
export type ToolUIPartState =
  | { state: 'output-available'; input: unknown; output: unknown; errorText?: never }
  | { state: 'output-error'; input: unknown; output?: never; errorText: string };

/** A call of the tool `NAME` (`tool-weather`), finished. */
export type ToolUIPart<NAME extends string = string> = { type: `tool-${NAME}` } & ToolUIPartBase & ToolUIPartState;
/** A call of a tool the app did not declare statically, finished. */
export type DynamicToolUIPart = { type: 'dynamic-tool'; toolName: string } & ToolUIPartBase & ToolUIPartState;

/** One part of a {@link UIMessage} as `toUIMessages` writes it (parts kept verbatim come back as they were). */
export type UIMessagePart = TextUIPart | ReasoningUIPart | FileUIPart | StepStartUIPart | ToolUIPart | DynamicToolUIPart;

/**
 * An AI SDK UI message: what `useChat` holds and renders.
 *
 * @example
 * const { messages } = useChat({ messages: toUIMessages(await store.entries(id)) })
 */
export interface UIMessage<METADATA = unknown> {
  id: string;
  role: 'system' | 'user' | 'assistant';
  metadata?: METADATA;
  parts: UIMessagePart[];
}

/**
 * What `fromUIMessages` and `saveUIMessages` accept: any AI SDK UIMessage (v5, v6 or v7, with
 * the app's own metadata, data and tool types), read structurally.
 */
export type UIMessageLike = {
  readonly id: string;
  readonly role: string;
  readonly metadata?: unknown;
  readonly parts: readonly { readonly type: string; readonly [field: string]: unknown }[];
};
