import { v7 } from 'uuid';

/**
 * A fresh tool call id for a call the provider sent without one: `call_` + a UUID v7, so it is
 * unique across conversations and sorts by creation time.
 */
export function generateCallId(): string {
  return `call_${v7()}`;
}
