// readAhead: a search's next hits read together, a window ahead of the one being checked (DESIGN §17.15).
import { describe, expect, it } from 'vitest';
import { readAhead } from '../../src/store/search/read-ahead.js';

async function* numbers(count: number, pulled: number[]): AsyncGenerator<number> {
  for (let value = 0; value < count; value++) {
    pulled.push(value);
    yield value;
  }
}

describe('readAhead', () => {
  it('gives every item in order with its own fetch, fetching at most the window ahead', async () => {
    const pulled: number[] = [];
    let inFlight = 0;
    let most = 0;
    const fetch = async (value: number): Promise<string> => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      return `item ${value}`;
    };
    const given: string[] = [];
    for await (const [value, fetched] of readAhead(numbers(10, pulled), 4, fetch)) given.push(`${value}: ${await fetched}`);
    expect(given).toEqual(Array.from({ length: 10 }, (_, value) => `${value}: item ${value}`));
    expect(most).toBe(4);
  });

  it('pulls no more than the window past what the caller took', async () => {
    const pulled: number[] = [];
    const fetched: number[] = [];
    for await (const [value] of readAhead(numbers(100, pulled), 3, async (item) => fetched.push(item))) {
      if (value === 1) break;
    }
    // Items 0 and 1 given out; 2 and 3 fetched ahead (the window holds 3 once item 0 was taken).
    expect(pulled).toEqual([0, 1, 2, 3]);
    expect(fetched).toEqual([0, 1, 2, 3]);
  });

  it('drops the failure of a fetch the caller never reached', async () => {
    const fetch = async (value: number): Promise<number> => {
      if (value === 2) throw new Error('never awaited');
      return value;
    };
    for await (const [value, fetched] of readAhead(numbers(5, []), 3, fetch)) {
      expect(await fetched).toBe(value);
      if (value === 1) break;
    }
    // An unhandled rejection would fail the run (Vitest reports it).
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
