import { ConvologError } from '../../core/error.js';
import { isJsonObject } from '../../core/is-json-object.js';
import type { Message } from '../../core/message.js';
import { formatPath } from '../../core/zod-explain.js';

// The adapters' twin of core's `parseMessages`, without zod: an app that only sends messages
// (one provider, no store) would otherwise bring zod and its schemas along, three times the
// size of the adapter itself (bench/RESULTS.md, figure 11e). It accepts exactly what
// `MessageSchema` accepts and returns the same clean copies (test/adapters/shared/
// read-messages.test.ts holds the two together), so the adapters refuse what they refused.

type Path = readonly (string | number)[];
/** Checks one value at `path` and returns its clean copy, or throws `invalid_message` about it. */
type Reader = (value: unknown, path: Path) => unknown;
type Shape = Readonly<Record<string, Reader>>;

// Ends the error for a malformed message: nothing went out, and where valid messages come from.
const NOTHING_SENT = 'Nothing was sent. Fix or remove that message: messages read from the store or through parseHistory are always valid.';

/** Refuses the batch at the first place it differs from the message shape (`path[0]` is the message's index). */
function mismatch(path: Path, expected: string, received: unknown): never {
  const problem = received === 'system' && path.at(-1) === 'role'
    ? 'a history holds no system messages: pass the system prompt as `options.system`'
    : `expected ${expected}, received ${typeof received === 'string' ? JSON.stringify(received) : describeValue(received)}`;
  throw new ConvologError({
    code: 'invalid_message',
    path: path as (string | number)[],
    message: `Message ${String(path[0])} is not a valid message (${formatPath(path)}: ${problem}). ${NOTHING_SENT}`,
  });
}

function describeValue(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

const unknown: Reader = (value) => value;
const typed = (type: 'string' | 'boolean'): Reader => (value, path) => (typeof value === type ? value : mismatch(path, type, value));
const string = /* @__PURE__ */ typed('string');
const boolean = /* @__PURE__ */ typed('boolean');
const nonEmptyString: Reader = (value, path) => (value === '' ? mismatch(path, 'a non-empty string', value) : string(value, path));

/** zod's plain object test for records: no array, no class instance (a `Date`), prototype-less objects allowed. */
function isPlainRecord(value: unknown): value is Record<PropertyKey, unknown> {
  if (!isJsonObject(value)) return false;
  const { constructor } = value;
  if (typeof constructor !== 'function') return true;
  const prototype: unknown = constructor.prototype;
  return isJsonObject(prototype) && Object.hasOwn(prototype, 'isPrototypeOf');
}

/** A string-keyed record: own enumerable keys but `__proto__` (which no copy may carry), each value read by `read`. */
function record(read: Reader): Reader {
  return (value, path) => {
    if (!isPlainRecord(value)) return mismatch(path, 'record', value);
    const copy: Record<string, unknown> = {};
    for (const key of Reflect.ownKeys(value)) {
      if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(value, key)) continue;
      if (typeof key === 'symbol') return mismatch(path, 'string keys only', value);
      copy[key] = read(value[key], [...path, key]);
    }
    return copy;
  };
}

/**
 * An object with the fields of `shape`, in its order; unknown fields are left out. A key ending
 * in `?` is optional: absent, it stays absent; present, even as `undefined`, it is copied.
 */
function object(shape: Shape): Reader {
  return (value, path) => {
    if (!isJsonObject(value)) return mismatch(path, 'object', value);
    const copy: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(shape)) {
      const name = key.replace('?', '');
      const present = name in value;
      if (name !== key && value[name] === undefined) {
        if (present) copy[name] = undefined;
        continue;
      }
      const fieldPath = [...path, name];
      copy[name] = read(value[name], fieldPath);
      // A required field must be there even when any value will do (the `value` of an `other` item).
      if (!present) mismatch(fieldPath, 'a value', undefined);
    }
    return copy;
  };
}

/** One of several objects, told apart by the string in their `tag` field. */
function oneOf(tag: string, options: Shape): Reader {
  return (value, path) => {
    if (!isJsonObject(value)) return mismatch(path, 'object', value);
    const kind = value[tag];
    if (typeof kind === 'string' && Object.hasOwn(options, kind)) return options[kind]!(value, path);
    return mismatch([...path, tag], Object.keys(options).map((option) => `\`${option}\``).join(' | '), kind);
  };
}

function array(read: Reader): Reader {
  // Array.from visits holes too: a sparse array has `undefined` items, which are refused.
  return (value, path) => (Array.isArray(value) ? Array.from(value, (item: unknown, index) => read(item, [...path, index])) : mismatch(path, 'array', value));
}

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
const message = /* @__PURE__ */ oneOf('role', {
  user: /* @__PURE__ */ object({ role: unknown, content: /* @__PURE__ */ textOr(userPart), ...ownData }),
  assistant: /* @__PURE__ */ object({ role: unknown, content: /* @__PURE__ */ array(assistantBlock), ...ownData }),
  tool: /* @__PURE__ */ object({
    role: unknown, toolCallId: nonEmptyString, toolName: string, content: /* @__PURE__ */ textOr(userPart), 'isError?': boolean, ...ownData,
  }),
});

/**
 * Checks a batch of messages against the message shape (as `MessageSchema` does, without zod) and
 * returns clean copies: unknown fields left out, records and arrays copied, opaque values (`value`,
 * the state inside `providerData`, `appData`'s values) kept as they are. The first message that
 * is not a valid {@link Message} throws `invalid_message` whose `path` starts at its index in the
 * batch (`[1, 'content', 0, 'text']`), and whose message says nothing was sent.
 * @internal
 */
export function readMessages(messages: unknown): Message[] {
  if (!Array.isArray(messages)) {
    throw new ConvologError({
      code: 'invalid_message',
      path: [],
      message: `Expected an array of messages, got ${describeValue(messages)}. Nothing was sent.`,
    });
  }
  return Array.from(messages, (item: unknown, index) => message(item, [index]) as Message);
}
