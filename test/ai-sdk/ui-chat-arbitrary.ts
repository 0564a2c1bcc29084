// Random finished useChat conversations (not a test file): what a chat holds once every stream
// has ended and every tool call has an output, an error or a denial.
import fc from 'fast-check';
import type { UIMessage as AiUIMessage } from 'ai';

type Part = AiUIMessage['parts'][number];

const key = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,6}$/);
const text = fc.string({ maxLength: 40 });
const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(key, tie('value'), { maxKeys: 3 }),
  ),
})).value;
const jsonObject = fc.dictionary(key, json, { maxKeys: 3 });
const providerMetadata = fc.option(fc.dictionary(fc.constantFrom('openai', 'anthropic', 'google'), jsonObject, { minKeys: 1, maxKeys: 2 }), { nil: undefined });
const toolName = fc.constantFrom('weather', 'search', 'calc');

function definedFields<T extends object>(part: T): T {
  return Object.fromEntries(Object.entries(part).filter(([, value]) => value !== undefined)) as T;
}

const textPart = fc.record({ text, state: fc.constantFrom('done' as const, undefined), providerMetadata })
  .map((part) => definedFields({ type: 'text' as const, ...part }));
const reasoningPart = fc.record({ text, state: fc.constantFrom('done' as const, undefined), providerMetadata })
  .map((part) => definedFields({ type: 'reasoning' as const, ...part }));
const base64 = fc.base64String({ minLength: 4, maxLength: 16 });
const imagePart = fc.oneof(
  base64.map((data) => ({ type: 'file' as const, mediaType: 'image/png', url: `data:image/png;base64,${data}` })),
  fc.webUrl().map((url) => ({ type: 'file' as const, mediaType: 'image/jpeg', url })),
);
const documentPart = fc.record({ filename: fc.constantFrom('a.pdf', 'notes.txt'), url: fc.webUrl() })
  .map(({ filename, url }) => ({ type: 'file' as const, mediaType: filename.endsWith('.pdf') ? 'application/pdf' : 'text/plain', filename, url }));
const dataPart = fc.record({ name: fc.constantFrom('status', 'weather'), data: json, id: fc.option(key, { nil: undefined }) })
  .map(({ name, data, id }) => definedFields({ type: `data-${name}` as `data-${string}`, data, id }));
const sourcePart = fc.oneof(
  fc.record({ sourceId: key, url: fc.webUrl(), title: fc.option(text, { nil: undefined }) }).map((part) => definedFields({ type: 'source-url' as const, ...part })),
  fc.record({ sourceId: key, title: text }).map((part) => ({ type: 'source-document' as const, mediaType: 'application/pdf', ...part })),
);

/** A finished tool part; its `toolCallId` is filled in later so that ids are unique per chat. */
const toolPart = fc.record({
  name: toolName,
  dynamic: fc.boolean(),
  title: fc.option(text, { nil: undefined }),
  input: jsonObject,
  outcome: fc.oneof(
    fc.record({ state: fc.constant('output-available' as const), output: json }),
    fc.record({ state: fc.constant('output-error' as const), errorText: text }),
    fc.record({ state: fc.constant('output-denied' as const), reason: fc.option(text, { nil: undefined }) }),
  ),
  callProviderMetadata: providerMetadata,
}).map(({ name, dynamic, title, input, outcome, callProviderMetadata }) => {
  const head = dynamic ? { type: 'dynamic-tool' as const, toolName: name } : { type: `tool-${name}` as const };
  const common = definedFields({ ...head, toolCallId: '', title, input, callProviderMetadata });
  switch (outcome.state) {
    case 'output-available':
      return { ...common, state: outcome.state, output: outcome.output };
    case 'output-error':
      return { ...common, state: outcome.state, errorText: outcome.errorText };
    case 'output-denied':
      return { ...common, state: outcome.state, approval: definedFields({ id: 'approval', approved: false as const, reason: outcome.reason }) };
  }
});

const contentPart = fc.oneof(textPart, reasoningPart, imagePart, toolPart);
const step = fc.tuple(
  fc.array(contentPart, { minLength: 1, maxLength: 3 }),
  fc.array(fc.oneof(dataPart, sourcePart), { maxLength: 1 }),
).map(([content, extras]) => [{ type: 'step-start' as const }, ...content, ...extras]);

const userMessage = fc.record({
  parts: fc.array(fc.oneof({ weight: 4, arbitrary: textPart.map(({ text }) => ({ type: 'text' as const, text })) }, imagePart, documentPart, dataPart), { minLength: 1, maxLength: 3 }),
  metadata: fc.option(jsonObject, { nil: undefined }),
}).map(({ parts, metadata }) => definedFields({ role: 'user' as const, parts, metadata }));
const assistantMessage = fc.record({
  steps: fc.array(step, { minLength: 1, maxLength: 3 }),
  metadata: fc.option(jsonObject, { nil: undefined }),
}).map(({ steps, metadata }) => definedFields({ role: 'assistant' as const, parts: steps.flat(), metadata }));

/** A finished chat: user and assistant UIMessages with unique message and tool call ids. */
export const finishedChat: fc.Arbitrary<AiUIMessage[]> = fc.array(fc.oneof(userMessage, assistantMessage), { minLength: 1, maxLength: 6 })
  .map((messages) => {
    let calls = 0;
    return messages.map((message, index) => ({
      id: `ui-${index}`,
      ...message,
      parts: message.parts.map((part) => ('toolCallId' in part ? { ...part, toolCallId: `call-${++calls}` } : part)) as Part[],
    }));
  });
