import type { Warning } from '../../core/warning.js';

/** A warning about message `messageIndex` of the caller's input, and about its item `blockIndex` when given. @internal */
export function warningAt(code: Warning['code'], messageIndex: number, blockIndex: number | undefined, message: string): Warning {
  return blockIndex === undefined ? { code, message, messageIndex } : { code, message, messageIndex, blockIndex };
}
