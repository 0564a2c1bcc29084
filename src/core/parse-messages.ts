import { ConvologError } from './error.js';
import { MessageSchema, type Message } from './message.js';
import { explainZodError } from './zod-explain.js';

/**
 * Validates a batch of messages with zod and returns clean copies (unknown fields dropped). The
 * first message that is not a valid {@link Message} throws `invalid_message` whose `path` starts
 * at its index in the batch (`[1, 'content', 0, 'text']`), as DESIGN §0 asks of every call that
 * takes a batch. `consequence` ends the error message: what did not happen and what to do
 * (`'Nothing was sent; …'`).
 * @internal
 */
export function parseMessages(messages: unknown, consequence: string): Message[] {
  if (!Array.isArray(messages)) {
    throw new ConvologError({
      code: 'invalid_message',
      path: [],
      message: `Expected an array of messages, got ${messages === null ? 'null' : typeof messages}. ${consequence}`,
    });
  }
  const parsed: Message[] = [];
  for (let index = 0; index < messages.length; index++) {
    const result = MessageSchema.safeParse(messages[index]);
    if (!result.success) {
      const explained = explainZodError(result.error, messages[index], [index]);
      throw new ConvologError({
        code: 'invalid_message',
        path: explained.path,
        message: `Message ${index} is not a valid message (${explained.message}). ${consequence}`,
      });
    }
    parsed.push(result.data);
  }
  return parsed;
}
