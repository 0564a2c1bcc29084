import { isJsonObject } from '../../core/is-json-object.js';
import type { ConversionContext } from './conversion-context.js';
import { parseToolArguments } from './tool-arguments.js';

/**
 * A tool call's `arguments` as the JSON object a wire format takes as tool input (Anthropic's
 * `input`, Gemini's `args`). Arguments that are not a JSON object (the model wrote broken JSON)
 * are sent as `{}` with a `dropped_block` warning instead of throwing: the call is stored for
 * good, and an error here would wedge every later turn. @internal
 */
export function objectArguments(
  call: { id: string; arguments: string }, messageIndex: number, blockIndex: number, context: ConversionContext, api: string,
): Record<string, unknown> {
  const parsed = parseToolArguments(call.arguments);
  if (parsed.ok && isJsonObject(parsed.value)) return parsed.value;
  context.dropped(messageIndex, blockIndex, `the arguments of tool call "${call.id}"`, `they are not a JSON object, and ${api} takes tool input as one; sent as {}`);
  return {};
}
