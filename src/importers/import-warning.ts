import type { Warning } from '../core/warning.js';

/**
 * A {@link Warning} from an importer, naming the conversation it concerns so a summary can say
 * "“Trip to Oslo”: 2 images left out". `messageIndex` is the position of the message in the
 * source conversation where one applies.
 */
export interface ImportWarning extends Warning {
  /** The source conversation's id, when it has one. */
  conversationId?: string;
  /** The source conversation's title, when it has one. */
  conversationTitle?: string;
  /** For a skipped conversation: where in the file the problem is (`[3, 'mapping', 'a1', 'parent']`). */
  path?: (string | number)[];
}
