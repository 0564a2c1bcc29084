import type { Warning } from '../../src/core/warning.js';

/** Warnings without their prose: what a test pins down. */
export function warningKeys(warnings: readonly Warning[]): { code: string; messageIndex?: number; blockIndex?: number }[] {
  return warnings.map(({ code, messageIndex, blockIndex }) => {
    const key: { code: string; messageIndex?: number; blockIndex?: number } = { code };
    if (messageIndex !== undefined) key.messageIndex = messageIndex;
    if (blockIndex !== undefined) key.blockIndex = blockIndex;
    return key;
  });
}
