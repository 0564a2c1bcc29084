/** Every code a {@link Warning} can carry. */
export type WarningCode = 'dropped_block' | 'dropped_provider_data' | 'truncated_tail' | 'id_reassigned';

/**
 * Something the library removed or changed and reports instead of failing.
 * `messageIndex` / `blockIndex` point into the caller's input.
 */
export interface Warning {
  code: WarningCode;
  message: string;
  messageIndex?: number;
  blockIndex?: number;
}
