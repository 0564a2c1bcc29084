import { ConvologError } from '../../core/error.js';

/** A conversation id given to `createConversation` must be a non-empty string, as in an import. @internal */
export function checkConversationId(id: unknown): string {
  if (typeof id === 'string' && id !== '') return id;
  throw new ConvologError({
    code: 'invalid_message', path: ['id'],
    message: `A conversation id must be a non-empty string, not ${id === '' ? 'an empty one' : String(id)}; ` +
      'leave it out to get a fresh UUID v7.',
  });
}
