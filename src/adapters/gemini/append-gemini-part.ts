import { nonEmptyText } from '../../core/non-empty-text.js';
import type { AssistantBlock, ReasoningBlock, TextPart } from '../../core/message.js';
import { generateCallId } from '../shared/generate-call-id.js';
import { GOOGLE_AI_NAMESPACE } from './gemini-namespace.js';
import type { GeminiResponsePart } from './gemini-types.js';

// Fields that accompany a part's data instead of being it.
const COMPANION_FIELDS: ReadonlySet<string> = new Set(['thought', 'thoughtSignature']);

/**
 * Adds one part of a model answer to the blocks so far. Text continues the last block of the
 * same kind (text, or thought → reasoning) unless that block already holds a signature, so a
 * streamed answer stays one block; a `thoughtSignature` goes on the block of the part that
 * carried it (an empty part holding only a signature signs the block it follows). A function call
 * without an id gets a generated one; parts this adapter does not know become `other` blocks of
 * origin `google-ai`, replayed as they came.
 * @internal
 */
export function appendGeminiPart(blocks: AssistantBlock[], part: GeminiResponsePart): void {
  if (typeof part !== 'object' || part === null) return;
  const signature = nonEmptyText(part.thoughtSignature);
  const state = signature === undefined ? undefined : { [GOOGLE_AI_NAMESPACE]: { thoughtSignature: signature } };
  if (typeof part.functionCall === 'object' && part.functionCall !== null) {
    const call = part.functionCall;
    blocks.push(withState({
      type: 'tool_call',
      id: nonEmptyText(call.id) ?? generateCallId(),
      name: typeof call.name === 'string' ? call.name : '',
      arguments: JSON.stringify(call.args ?? {}),
    }, state));
    return;
  }
  if (typeof part.text === 'string' || part.thought === true) {
    appendText(blocks, part.thought === true ? 'reasoning' : 'text', part.text ?? '', state);
    return;
  }
  const image = imageOf(part);
  if (image !== undefined) {
    blocks.push(withState(image, state));
    return;
  }
  const typeName = Object.keys(part).find((key) => !COMPANION_FIELDS.has(key)) ?? 'part';
  blocks.push({ type: 'other', typeName, value: structuredClone(part), origin: GOOGLE_AI_NAMESPACE });
}

function appendText(
  blocks: AssistantBlock[], type: 'text' | 'reasoning', text: string, state: AssistantBlock['providerData'],
): void {
  const last = blocks.at(-1);
  if (last !== undefined && last.type === type && last.providerData === undefined) {
    (last as TextPart | ReasoningBlock).text += text;
    if (state !== undefined) last.providerData = state;
    return;
  }
  blocks.push(withState({ type, text }, state));
}

function imageOf(part: GeminiResponsePart): AssistantBlock | undefined {
  const inline = part.inlineData;
  if (typeof inline === 'object' && inline !== null && typeof inline.mimeType === 'string' && inline.mimeType.startsWith('image/')) {
    return { type: 'image', source: { kind: 'base64', mediaType: inline.mimeType, data: String(inline.data ?? '') } };
  }
  const file = part.fileData;
  if (typeof file === 'object' && file !== null && typeof file.mimeType === 'string' && file.mimeType.startsWith('image/')) {
    return { type: 'image', source: { kind: 'url', url: String(file.fileUri ?? ''), mediaType: file.mimeType } };
  }
  return undefined;
}

function withState<Block extends AssistantBlock>(block: Block, state: AssistantBlock['providerData']): Block {
  return state === undefined ? block : { ...block, providerData: state };
}
