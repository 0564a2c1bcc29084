import { ConvologError } from '../../core/error.js';

/** The `duplicate_id` error for a conversation id already in the store. @internal */
export function duplicateConversation(id: string): ConvologError {
  return new ConvologError({
    code: 'duplicate_id',
    message: `A conversation with id "${id}" already exists in this store; choose another id or leave it out to get a fresh one.`,
    details: { conversationId: id },
  });
}
