// Shared helpers of the adapter tests: fixtures, comparable warnings, generated ids.
import { readFileSync } from 'node:fs';
import type { Message } from '../../src/core/message.js';
import type { Warning } from '../../src/core/warning.js';

/** A fixture file from test/fixtures/<provider>/<name>.json, freshly parsed. */
export function fixture<T = Record<string, unknown>>(provider: string, name: string): T {
  const url = new URL(`../fixtures/${provider}/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as T;
}

/** Warnings without their prose: what a test pins down. */
export function warningKeys(warnings: readonly Warning[]): { code: string; messageIndex?: number; blockIndex?: number }[] {
  return warnings.map(({ code, messageIndex, blockIndex }) => {
    const key: { code: string; messageIndex?: number; blockIndex?: number } = { code };
    if (messageIndex !== undefined) key.messageIndex = messageIndex;
    if (blockIndex !== undefined) key.blockIndex = blockIndex;
    return key;
  });
}

/** A generated tool call id: `call_` + a UUID v7. */
export const GENERATED_CALL_ID = /^call_[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The history of a request fixture, typed. */
export interface RequestFixture<Body> {
  description: string;
  system?: string;
  history: Message[];
  body: Body;
  warnings: { code: string; messageIndex?: number; blockIndex?: number }[];
}

/**
 * A copy of a message with every generated call id replaced by `<generated>`, so it compares
 * with a fixture. Ids the provider gave stay as they are.
 */
export function withGeneratedIds<T>(message: T): T {
  return JSON.parse(JSON.stringify(message), (key, value: unknown) =>
    key === 'id' && typeof value === 'string' && GENERATED_CALL_ID.test(value) ? '<generated>' : value) as T;
}
