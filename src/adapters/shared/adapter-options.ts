import { nonEmptyText } from '../../core/non-empty-text.js';

/** Options every `to…` adapter takes. */
export interface AdapterOptions {
  /**
   * The system prompt of this request. A history holds none: the application sets it on every
   * request. Left out of the body when absent or empty.
   */
  system?: string;
}

/** The system prompt to send, or `undefined` when there is none. @internal */
export function systemPrompt(options: AdapterOptions | undefined): string | undefined {
  return nonEmptyText(options?.system);
}
