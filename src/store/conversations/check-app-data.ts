import { ConvologError } from '../../core/error.js';
import { AppDataSchema, type AppData } from '../../core/message.js';

/** A conversation's `appData` must be a plain JSON object map; a copy is stored. @internal */
export function checkAppData(appData: unknown): AppData {
  const parsed = AppDataSchema.safeParse(appData);
  if (parsed.success) return parsed.data;
  throw new ConvologError({
    code: 'invalid_app_data', path: ['appData'],
    message: 'A conversation\'s appData must be an object (a map from your app\'s keys to JSON values); wrap other values in one.',
  });
}
