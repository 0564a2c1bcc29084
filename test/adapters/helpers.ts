// Shared helpers of the adapter tests: fixtures, fed accumulators, generated ids, random streams.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { StreamAccumulator } from '../../src/adapters/shared/stream-accumulator.js';
import type { Message } from '../../src/core/message.js';

/** A fixture file from test/fixtures/<provider>/<name>.json, freshly parsed. */
export function fixture<T = Record<string, unknown>>(provider: string, name: string): T {
  const url = new URL(`../fixtures/${provider}/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as T;
}

/** `accumulator` after every chunk was pushed into it, in order. */
export function fed<Chunk, Accumulator extends StreamAccumulator<Chunk>>(accumulator: Accumulator, chunks: readonly Chunk[]): Accumulator {
  for (const chunk of chunks) accumulator.push(chunk);
  return accumulator;
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

/** Up to three cut points for {@link pieces}, as fast-check draws them. */
export const cuts = fc.array(fc.nat(), { maxLength: 3 });

/** A text cut at `points` (taken modulo its length) into pieces, none empty (a server sends no empty deltas). */
export function pieces(value: string, points: number[]): string[] {
  const sorted = [...new Set(points.map((point) => point % (value.length + 1)))].sort((left, right) => left - right);
  const parts: string[] = [];
  let start = 0;
  for (const point of [...sorted, value.length]) {
    if (point > start) parts.push(value.slice(start, point));
    start = Math.max(start, point);
  }
  return parts;
}

/** The events as one NDJSON byte stream, the way the SDKs' `fromReadableStream` reads them. */
export function ndjsonStream(events: readonly unknown[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(events.map((event) => JSON.stringify(event)).join('\n') + '\n');
  return new ReadableStream({ start(controller) { controller.enqueue(bytes); controller.close(); } });
}
