import { ConvologError } from '../../core/error.js';
import { isJsonObject } from '../../core/is-json-object.js';

/**
 * The response JSON as a record, or `ConvologError` `invalid_message` when it is not one of the
 * provider's responses (an error body, a string, `null`). @internal
 */
export function readResponse(json: unknown, what: string, isResponse: (record: Record<string, unknown>) => boolean): Record<string, unknown> {
  const record = isJsonObject(json) ? json : undefined;
  if (record !== undefined && isResponse(record)) return record;
  const error = record?.error;
  throw new ConvologError({
    code: 'invalid_message',
    message: error !== undefined
      ? `The provider answered with an error instead of ${what}: ${describeError(error)}. Handle it as a failed request; nothing should be stored.`
      : `This is not ${what}. Pass the parsed JSON body of a successful, non-streamed response.`,
    details: error === undefined ? {} : { error },
  });
}

function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return typeof error === 'string' ? error : JSON.stringify(error);
}
