import type { Warning } from '../../core/warning.js';

/**
 * What an adapter left out and why, pointed at the caller's input: "`what` at item `blockIndex`
 * of message `messageIndex`: `why`" (or "of message …" for a whole message). Warnings say
 * "Left out " and this; a second note about the same item joins the first as "; also left out ".
 * @internal
 */
export function leftOutNote(what: string, messageIndex: number, blockIndex: number | undefined, why: string): string {
  return `${what} ${blockIndex === undefined ? 'of' : `at item ${blockIndex} of`} message ${messageIndex}: ${why}`;
}

/** The warning that an adapter left `what` out of message `messageIndex` (at its item `blockIndex`, when given). @internal */
export function warningAt(code: Warning['code'], messageIndex: number, blockIndex: number | undefined, what: string, why: string): Warning {
  const warning: Warning = { code, message: `Left out ${leftOutNote(what, messageIndex, blockIndex, why)}`, messageIndex };
  if (blockIndex !== undefined) warning.blockIndex = blockIndex;
  return warning;
}
