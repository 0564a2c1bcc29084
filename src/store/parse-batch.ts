import { ConvologError } from '../core/error.js';
import { MessageSchema, type Message } from '../core/message.js';
import { explainZodError } from '../core/zod-explain.js';

/**
 * Validates every message of a batch with zod before any transaction opens, and returns clean
 * copies (unknown fields dropped) to store. The first invalid one throws `invalid_message` with
 * the deepest `path`, starting at its index in the batch.
 * @internal
 */
export function parseBatch(messages: readonly Message[]): Message[] {
  if (!Array.isArray(messages)) {
    throw new ConvologError({ code: 'invalid_message', path: [], message: 'append takes an array of messages.' });
  }
  const parsed: Message[] = [];
  for (let index = 0; index < messages.length; index++) {
    const result = MessageSchema.safeParse(messages[index]);
    if (!result.success) {
      const explained = explainZodError(result.error, messages[index], [index]);
      throw new ConvologError({
        code: 'invalid_message',
        path: explained.path,
        message: `Message ${index} of the batch is not a valid message: ${explained.message}. Nothing was written; fix the message and append again.`,
      });
    }
    parsed.push(result.data);
  }
  return parsed;
}
