import { ConvologError } from './error.js';
import type { Message } from './message.js';
import { array, checked, describeValue, mismatch, nonEmptyString, object, oneOf, record, ShapeMismatch, string, unknown, type Reader, type Shape } from './shape-reader.js';

/** Content that is text, or an array of items. */
function textOr(read: Reader): Reader {
  const items = array(read);
  return (value, path) => (typeof value === 'string' ? value : Array.isArray(value) ? items(value, path) : mismatch(path, 'string or array', value));
}

// `/* @__PURE__ */` lets a bundler drop the shape from an app that converts no history (it only
// accumulates a stream): each line is a call it cannot see through.
const providerData = /* @__PURE__ */ record(/* @__PURE__ */ record(unknown));
const appData = /* @__PURE__ */ record(unknown);

/** The shape of a content item: its `type`, its own fields, then its optional `providerData`. */
function item(fields: Shape): Reader {
  return object({ type: unknown, ...fields, 'providerData?': providerData });
}

const mediaSource = /* @__PURE__ */ oneOf('kind', {
  url: /* @__PURE__ */ object({ kind: unknown, url: string, 'mediaType?': string }),
  base64: /* @__PURE__ */ object({ kind: unknown, mediaType: string, data: string }),
  provider_file: /* @__PURE__ */ object({ kind: unknown, provider: string, fileId: string }),
  attachment: /* @__PURE__ */ object({
    kind: unknown, id: string, mediaType: string, size: /* @__PURE__ */ checked((value) => typeof value === 'number', 'number'), 'filename?': string,
  }),
});
const text = /* @__PURE__ */ item({ text: string });
const image = /* @__PURE__ */ item({ source: mediaSource });
const other = /* @__PURE__ */ item({ typeName: string, value: unknown, 'origin?': string });
const userPart = /* @__PURE__ */ oneOf('type', {
  text, image, file: /* @__PURE__ */ item({ source: mediaSource, 'filename?': string }), other,
});
const assistantBlock = /* @__PURE__ */ oneOf('type', {
  text,
  reasoning: text,
  refusal: text,
  image,
  tool_call: /* @__PURE__ */ item({ id: nonEmptyString, name: nonEmptyString, arguments: string }),
  provider_tool_call: /* @__PURE__ */ item({ id: string, name: string, arguments: string, 'origin?': string }),
  provider_tool_result: /* @__PURE__ */ item({ toolCallId: string, value: unknown, 'origin?': string }),
  other,
});
const ownData = { 'providerData?': providerData, 'appData?': appData };

/** Reads one {@link Message} as `MessageSchema` does. @internal */
export const readMessage: Reader = /* @__PURE__ */ oneOf('role', {
  user: /* @__PURE__ */ object({ role: unknown, content: /* @__PURE__ */ textOr(userPart), ...ownData }),
  assistant: /* @__PURE__ */ object({ role: unknown, content: /* @__PURE__ */ array(assistantBlock), ...ownData }),
  tool: /* @__PURE__ */ object({
    role: unknown, toolCallId: nonEmptyString, toolName: string, content: /* @__PURE__ */ textOr(userPart),
    'isError?': /* @__PURE__ */ checked((value) => typeof value === 'boolean', 'boolean'), ...ownData,
  }),
});

// A batch: what is not an array is refused at the empty path, a message at its index.
const readMessages = /* @__PURE__ */ array(readMessage);

/** Reads a conversation's `appData` as `AppDataSchema` does: a plain object map, copied. @internal */
export const readAppData: Reader = appData;

/**
 * Checks a batch of messages against the message shape (exactly what `MessageSchema` accepts,
 * without zod) and returns clean copies: unknown fields left out, records and arrays copied,
 * opaque values (`value`, the state inside `providerData`, `appData`'s values) kept as they are.
 * The first message that is not a valid {@link Message} throws `invalid_message` whose `path`
 * starts at its index in the batch (`[1, 'content', 0, 'text']`), as DESIGN §0 asks of every
 * call that takes a batch. `consequence` ends the error message: what did not happen and what to
 * do (`'Nothing was sent; …'`).
 * @internal
 */
export function parseMessages(messages: unknown, consequence: string): Message[] {
  try {
    return readMessages(messages, []) as Message[];
  } catch (error) {
    if (!(error instanceof ShapeMismatch)) throw error;
    const { path } = error;
    const what = path.length === 0
      ? `Expected an array of messages, got ${describeValue(messages)}`
      : `Message ${path[0]} is not a valid message (${error.message})`;
    throw new ConvologError({ code: 'invalid_message', path: [...path], message: `${what}. ${consequence}` });
  }
}
