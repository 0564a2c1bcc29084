// The same schemas as classic.js, written with zod/mini (functional API, tree-shakable).
import * as z from 'zod/mini';

const providerData = z.optional(z.record(z.string(), z.record(z.string(), z.unknown())));
const appData = z.optional(z.record(z.string(), z.unknown()));
const mediaSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('url'), url: z.string(), mediaType: z.optional(z.string()) }),
  z.object({ kind: z.literal('base64'), mediaType: z.string(), data: z.string() }),
  z.object({ kind: z.literal('provider_file'), provider: z.string(), fileId: z.string() }),
]);
const nonEmpty = () => z.string().check(z.minLength(1));
const textPart = z.object({ type: z.literal('text'), text: z.string(), providerData });
const imagePart = z.object({ type: z.literal('image'), source: mediaSource, providerData });
const filePart = z.object({ type: z.literal('file'), source: mediaSource, filename: z.optional(z.string()), providerData });
const otherPart = z.object({ type: z.literal('other'), typeName: z.string(), value: z.unknown(), origin: z.optional(z.string()), providerData });
const reasoningBlock = z.object({ type: z.literal('reasoning'), text: z.string(), providerData });
const refusalBlock = z.object({ type: z.literal('refusal'), text: z.string(), providerData });
const toolCallBlock = z.object({ type: z.literal('tool_call'), id: nonEmpty(), name: nonEmpty(), arguments: z.string(), providerData });
const providerToolCallBlock = z.object({
  type: z.literal('provider_tool_call'), id: z.string(), name: z.string(), arguments: z.string(), origin: z.optional(z.string()), providerData,
});
const providerToolResultBlock = z.object({
  type: z.literal('provider_tool_result'), toolCallId: z.string(), value: z.unknown(), origin: z.optional(z.string()), providerData,
});
const userPart = z.discriminatedUnion('type', [textPart, imagePart, filePart, otherPart]);
const assistantBlock = z.discriminatedUnion('type', [
  textPart, reasoningBlock, refusalBlock, imagePart, toolCallBlock, providerToolCallBlock, providerToolResultBlock, otherPart,
]);
const message = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), content: z.union([z.string(), z.array(userPart)]), providerData, appData }),
  z.object({ role: z.literal('assistant'), content: z.array(assistantBlock), providerData, appData }),
  z.object({
    role: z.literal('tool'), toolCallId: nonEmpty(), toolName: z.string(),
    content: z.union([z.string(), z.array(userPart)]), isError: z.optional(z.boolean()), providerData, appData,
  }),
]);
const base = { id: nonEmpty(), conversationId: nonEmpty(), seq: z.number().check(z.int(), z.positive()), timestamp: z.string() };
const entry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), ...base, message }),
  z.object({ type: z.literal('compaction'), ...base, summary: z.string(), firstKeptId: nonEmpty(), tokensBefore: z.optional(z.number().check(z.nonnegative())) }),
]);
globalThis.consumerKeeps = (value) => {
  const result = entry.safeParse(value);
  return result.success ? result.data : result.error.issues;
};
