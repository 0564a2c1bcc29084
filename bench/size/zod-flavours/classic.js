// The message and entry schemas of src/core/message.ts and entry.ts, with zod (classic API).
import { z } from 'zod';

const providerData = z.record(z.string(), z.record(z.string(), z.unknown())).optional();
const appData = z.record(z.string(), z.unknown()).optional();
const mediaSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('url'), url: z.string(), mediaType: z.string().optional() }),
  z.object({ kind: z.literal('base64'), mediaType: z.string(), data: z.string() }),
  z.object({ kind: z.literal('provider_file'), provider: z.string(), fileId: z.string() }),
]);
const textPart = z.object({ type: z.literal('text'), text: z.string(), providerData });
const imagePart = z.object({ type: z.literal('image'), source: mediaSource, providerData });
const filePart = z.object({ type: z.literal('file'), source: mediaSource, filename: z.string().optional(), providerData });
const otherPart = z.object({ type: z.literal('other'), typeName: z.string(), value: z.unknown(), origin: z.string().optional(), providerData });
const reasoningBlock = z.object({ type: z.literal('reasoning'), text: z.string(), providerData });
const refusalBlock = z.object({ type: z.literal('refusal'), text: z.string(), providerData });
const toolCallBlock = z.object({ type: z.literal('tool_call'), id: z.string().min(1), name: z.string().min(1), arguments: z.string(), providerData });
const providerToolCallBlock = z.object({
  type: z.literal('provider_tool_call'), id: z.string(), name: z.string(), arguments: z.string(), origin: z.string().optional(), providerData,
});
const providerToolResultBlock = z.object({
  type: z.literal('provider_tool_result'), toolCallId: z.string(), value: z.unknown(), origin: z.string().optional(), providerData,
});
const userPart = z.discriminatedUnion('type', [textPart, imagePart, filePart, otherPart]);
const assistantBlock = z.discriminatedUnion('type', [
  textPart, reasoningBlock, refusalBlock, imagePart, toolCallBlock, providerToolCallBlock, providerToolResultBlock, otherPart,
]);
const message = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), content: z.union([z.string(), z.array(userPart)]), providerData, appData }),
  z.object({ role: z.literal('assistant'), content: z.array(assistantBlock), providerData, appData }),
  z.object({
    role: z.literal('tool'), toolCallId: z.string().min(1), toolName: z.string(),
    content: z.union([z.string(), z.array(userPart)]), isError: z.boolean().optional(), providerData, appData,
  }),
]);
const base = { id: z.string().min(1), conversationId: z.string().min(1), seq: z.number().int().positive(), timestamp: z.string() };
const entry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), ...base, message }),
  z.object({ type: z.literal('compaction'), ...base, summary: z.string(), firstKeptId: z.string().min(1), tokensBefore: z.number().nonnegative().optional() }),
]);
globalThis.consumerKeeps = (value) => {
  const result = entry.safeParse(value);
  return result.success ? result.data : result.error.issues;
};
