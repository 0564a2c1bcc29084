import type { AssistantMessage } from '../../core/message.js';
import type { TurnEnvelope } from '../../core/turn-envelope.js';

/** What a `from…` adapter returns: the assistant message to append, and what the provider said about the turn. */
export interface ConvertedResponse {
  message: AssistantMessage;
  envelope: TurnEnvelope;
}
