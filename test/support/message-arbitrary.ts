// Messages for property tests of the zod-free message reader (parse-messages) and the adapters' keep-own-state.
import fc from 'fast-check';

// Valid messages of every kind, then a few random edits anywhere in them: a field set to another
// value (often a neighbouring kind's tag, a hostile value or nothing), removed, or added.
const providerData = fc.option(fc.dictionary(fc.constantFrom('openai', 'anthropic', 'convolog', 'google-ai'), fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 }))), { nil: undefined });
const origin = fc.constantFrom('openai', 'anthropic', 'convolog', 'google-ai', '');
const mediaSource = fc.oneof(
  fc.record({ kind: fc.constant('url'), url: fc.webUrl(), mediaType: fc.option(fc.string(), { nil: undefined }) }, { requiredKeys: ['kind', 'url'] }),
  fc.record({ kind: fc.constant('base64'), mediaType: fc.string(), data: fc.base64String() }),
  fc.record({ kind: fc.constant('provider_file'), provider: fc.string(), fileId: fc.string() }),
);
const optionalKeys = <T extends Record<string, fc.Arbitrary<unknown>>>(required: (keyof T)[], model: T) => fc.record(model, { requiredKeys: required as never });
const text = (type: string) => optionalKeys(['type', 'text'], { type: fc.constant(type), text: fc.string(), providerData });
const userPart = fc.oneof(
  text('text'),
  optionalKeys(['type', 'source'], { type: fc.constant('image'), source: mediaSource, providerData }),
  optionalKeys(['type', 'source'], { type: fc.constant('file'), source: mediaSource, filename: fc.string(), providerData }),
  optionalKeys(['type', 'typeName', 'value'], { type: fc.constant('other'), typeName: fc.string(), value: fc.jsonValue({ maxDepth: 1 }), origin, providerData }),
);
const assistantBlock = fc.oneof(
  userPart,
  text('reasoning'),
  text('refusal'),
  optionalKeys(['type', 'id', 'name', 'arguments'], { type: fc.constant('tool_call'), id: fc.string(), name: fc.string(), arguments: fc.string(), providerData }),
  optionalKeys(['type', 'id', 'name', 'arguments'], {
    type: fc.constant('provider_tool_call'), id: fc.string(), name: fc.string(), arguments: fc.string(), origin, providerData,
  }),
  optionalKeys(['type', 'toolCallId', 'value'], { type: fc.constant('provider_tool_result'), toolCallId: fc.string(), value: fc.jsonValue({ maxDepth: 1 }), origin, providerData }),
);
const appData = fc.option(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 })), { nil: undefined });
/** A message of any role with provider data of several providers: valid but for an empty tool call id or name. */
export const validMessage = fc.oneof(
  optionalKeys(['role', 'content'], { role: fc.constant('user'), content: fc.oneof(fc.string(), fc.array(userPart, { maxLength: 3 })), providerData, appData }),
  optionalKeys(['role', 'content'], { role: fc.constant('assistant'), content: fc.array(assistantBlock, { maxLength: 4 }), providerData, appData }),
  optionalKeys(['role', 'toolCallId', 'toolName', 'content'], {
    role: fc.constant('tool'), toolCallId: fc.string(), toolName: fc.string(), content: fc.oneof(fc.string(), fc.array(userPart, { maxLength: 3 })),
    isError: fc.boolean(), providerData, appData,
  }),
);
const tags = ['user', 'assistant', 'tool', 'system', 'text', 'image', 'file', 'other', 'reasoning', 'refusal', 'tool_call', 'provider_tool_call', 'provider_tool_result', 'url', 'base64', 'provider_file', ''];
const replacement = fc.oneof(
  fc.constantFrom(...tags),
  fc.constantFrom(undefined, null, 0, -0, 1, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, true, [], {}, Object.create(null) as object, new Date(0), new Map(), { __proto__: null, a: {} }, new String(''), new Boolean(false)),
  fc.anything({ withNullPrototype: true, withSparseArray: true, withBoxedValues: true, withDate: true, withMap: true, maxDepth: 2 }),
);
const fieldNames = fc.constantFrom('role', 'content', 'type', 'text', 'id', 'name', 'arguments', 'value', 'source', 'kind', 'url', 'toolCallId', 'providerData', 'appData', 'isError', 'filename', 'mediaType', 'origin', 'typeName', 'extra',
  // an entry's own fields (test/core/read-entry.test.ts)
  'seq', 'parentId', 'timestamp', 'conversationId', 'summary', 'firstKeptId', 'tokensBefore', 'message', 'tree');
const edit = fc.record({ at: fc.nat(), kind: fc.constantFrom('set', 'remove', 'add'), field: fieldNames, value: replacement });
/** A value of `valid`, or one a few random edits anywhere in it may have broken (or not). */
export function nearlyValid(valid: fc.Arbitrary<object>): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(valid, fc.array(edit, { maxLength: 2 })).map(([value, edits]) => {
    const copy = structuredClone(value) as Record<string, unknown>;
    for (const { at, kind, field, value: replacementValue } of edits) applyEdit(copy, at, kind, field, replacementValue);
    return copy;
  });
}

/** A valid message, or one a few random edits may have broken (or not). */
export const nearlyValidMessage = nearlyValid(validMessage);

function applyEdit(root: Record<string, unknown>, at: number, kind: string, field: string, value: unknown): void {
  const places: [Record<string | number, unknown>, string | number][] = [];
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || !(Array.isArray(node) || Object.getPrototypeOf(node) === Object.prototype)) return;
    for (const key of Object.keys(node)) {
      places.push([node as Record<string, unknown>, Array.isArray(node) ? Number(key) : key]);
      visit((node as Record<string, unknown>)[key]);
    }
  };
  visit(root);
  const [parent, key] = places[at % places.length] ?? [root, 'role'];
  if (kind === 'set') parent[key] = value;
  else if (kind === 'remove') delete parent[key];
  else if (!Array.isArray(parent)) parent[field] = value;
}
