import { ConvologError } from '../../core/error.js';
import type { AppData } from '../../core/message.js';
import { readAppData } from '../../core/parse-messages.js';
import { ShapeMismatch } from '../../core/shape-reader.js';

/** A conversation's `appData` must be a plain JSON object map; a copy is stored. @internal */
export function checkAppData(appData: unknown): AppData {
  try {
    return readAppData(appData, ['appData']) as AppData;
  } catch (error) {
    if (!(error instanceof ShapeMismatch)) throw error;
  }
  throw new ConvologError({
    code: 'invalid_app_data', path: ['appData'],
    message: 'A conversation\'s appData must be an object (a map from your app\'s keys to JSON values); wrap other values in one.',
  });
}
