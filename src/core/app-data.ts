import { ConvologError } from './error.js';
import type { Message } from './message.js';
import type { InferOutput, StandardSchemaV1 } from './standard-schema.js';

/**
 * Reads the application's value under `key` on a message. `undefined` when absent; with a
 * schema (any Standard Schema, such as zod), a present value that does not match throws
 * `invalid_app_data`.
 *
 * @example
 * const Rating = z.object({ stars: z.number() })
 * const rating = getAppData(message, 'myapp.rating', Rating) // { stars: number } | undefined
 */
export function getAppData<Schema extends StandardSchemaV1>(
  message: Pick<Message, 'appData'>, key: string, schema: Schema,
): InferOutput<Schema> | undefined;
export function getAppData(message: Pick<Message, 'appData'>, key: string): unknown;
export function getAppData(message: Pick<Message, 'appData'>, key: string, schema?: StandardSchemaV1): unknown {
  const data = message.appData;
  if (data === undefined || !Object.hasOwn(data, key)) return undefined;
  const value = data[key];
  if (schema === undefined) return value;
  const result = schema['~standard'].validate(value);
  if (result instanceof Promise) {
    throw new ConvologError({
      code: 'invalid_app_data',
      message: `The schema given for appData key "${key}" validates asynchronously; getAppData needs a synchronous schema.`,
      details: { key },
    });
  }
  if (result.issues === undefined) return result.value;
  const first = result.issues[0];
  throw new ConvologError({
    code: 'invalid_app_data',
    message: `appData key "${key}" does not match the schema given: ${first?.message ?? 'invalid'}. ` +
      'It was written by another version of the app or edited by hand; handle the error or rewrite the value with withAppData.',
    details: { key, issues: result.issues },
  });
}

/**
 * A copy of `message` with `appData[key] = value` (the input is left as it is).
 * `convolog.`-prefixed keys are reserved for the library; prefix yours with your app's name.
 */
export function withAppData<M extends Pick<Message, 'appData'>>(message: M, key: string, value: unknown): M {
  return { ...message, appData: { ...message.appData, [key]: value } };
}
