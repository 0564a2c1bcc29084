// The AI SDK's `modelMessageSchema` (v5 parts), restated in zod from its public source
// (packages/ai/src/prompt/message.ts and content-part.ts) for the parts this adapter writes.
// Data content is a string here: base64 or a URL.
import { z } from 'zod';

const providerOptions = z.record(z.string(), z.record(z.string(), z.unknown())).optional();
const textPart = z.strictObject({ type: z.literal('text'), text: z.string(), providerOptions });
const imagePart = z.strictObject({ type: z.literal('image'), image: z.string(), mediaType: z.string().optional(), providerOptions });
const filePart = z.strictObject({
  type: z.literal('file'), data: z.string(), filename: z.string().optional(), mediaType: z.string(), providerOptions,
});
const reasoningPart = z.strictObject({ type: z.literal('reasoning'), text: z.string(), providerOptions });
const toolCallPart = z.strictObject({
  type: z.literal('tool-call'), toolCallId: z.string(), toolName: z.string(), input: z.unknown(), providerOptions,
  providerExecuted: z.boolean().optional(),
});
const output = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), value: z.string() }),
  z.strictObject({ type: z.literal('json'), value: z.unknown() }),
  z.strictObject({ type: z.literal('error-text'), value: z.string() }),
  z.strictObject({ type: z.literal('error-json'), value: z.unknown() }),
]);
const toolResultPart = z.strictObject({
  type: z.literal('tool-result'), toolCallId: z.string(), toolName: z.string(), output, providerOptions,
});

/** A restatement of the AI SDK's `modelMessageSchema`, strict about unknown fields. */
export const modelMessageSchema = z.union([
  z.strictObject({ role: z.literal('system'), content: z.string(), providerOptions }),
  z.strictObject({ role: z.literal('user'), content: z.union([z.string(), z.array(z.union([textPart, imagePart, filePart]))]), providerOptions }),
  z.strictObject({
    role: z.literal('assistant'),
    content: z.union([z.string(), z.array(z.union([textPart, filePart, reasoningPart, toolCallPart, toolResultPart]))]),
    providerOptions,
  }),
  z.strictObject({ role: z.literal('tool'), content: z.array(toolResultPart), providerOptions }),
]);
