import type { WarningCode } from '../core/warning.js';
import type { ImportWarning } from './import-warning.js';

/**
 * Collects the warnings of one conversation, each naming it, so a summary can say what was left
 * out of which chat and why.
 * @internal
 */
export class WarningCollector {
  readonly warnings: ImportWarning[] = [];
  private readonly name: string;

  constructor(private readonly conversationId: string | undefined, private readonly conversationTitle: string | undefined) {
    this.name = describeConversation(conversationId, conversationTitle);
  }

  /** A whole message could not be carried. */
  droppedMessage(reason: string, messageIndex?: number): void {
    this.add('dropped_message', reason, messageIndex);
  }

  /** A part of a message could not be carried (or was folded into text). */
  droppedBlock(reason: string, messageIndex?: number): void {
    this.add('dropped_block', reason, messageIndex);
  }

  private add(code: WarningCode, reason: string, messageIndex: number | undefined): void {
    const warning: ImportWarning = { code, message: `In ${this.name}: ${reason}` };
    if (messageIndex !== undefined) warning.messageIndex = messageIndex;
    if (this.conversationId !== undefined) warning.conversationId = this.conversationId;
    if (this.conversationTitle !== undefined) warning.conversationTitle = this.conversationTitle;
    this.warnings.push(warning);
  }
}

/** “Title” (id), or whichever of the two exists. @internal */
export function describeConversation(id: string | undefined, title: string | undefined): string {
  const named = title !== undefined && title.trim() !== '' ? `“${title.trim().slice(0, 80)}”` : undefined;
  if (named !== undefined && id !== undefined) return `${named} (${id})`;
  return named ?? (id !== undefined ? `conversation ${id}` : 'an untitled conversation');
}
