import { isJsonObject } from './is-json-object.js';
import type { AppData } from './message.js';

/** The conversation `appData` key under which an import from another app keeps where it came from. */
export const IMPORTED_FROM_KEY = 'convolog.importedFrom';

/**
 * Where an imported conversation came from: the app (`'chatgpt'`, `'claude'`, `'open_webui'`) and
 * the conversation's id in that app's export. The store recognizes a conversation imported before
 * by it (DESIGN §12).
 */
export interface ImportedFrom { app: string; id: string }

/**
 * The {@link ImportedFrom} of a conversation's `appData`, or `undefined` when it has none (or one
 * that is not two non-empty strings).
 *
 * @example
 * const source = importedFrom(conversation.appData) // { app: 'chatgpt', id: '6650…' } | undefined
 */
export function importedFrom(appData: AppData | undefined): ImportedFrom | undefined {
  const value = appData === undefined || !Object.hasOwn(appData, IMPORTED_FROM_KEY) ? undefined : appData[IMPORTED_FROM_KEY];
  if (!isJsonObject(value) || !isText(value.app) || !isText(value.id)) return undefined;
  return { app: value.app, id: value.id };
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}
