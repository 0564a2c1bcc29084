// Smoke test of the search bench (issue 20; bench/search/): its page runs end to end in real
// Chromium at a tiny scale and gives every figure. Timings are not checked (benchmarks are not
// tests); the page itself checks that store.search finds exactly what the full scan finds.
import { describe, expect, it } from 'vitest';
import { runSearchFigures } from '../../bench/search/run-in-chromium.mjs';

describe('search bench page', () => {
  it('builds a 1,200-message history and measures every figure without an error', async () => {
    const run = await runSearchFigures({
      repetitions: 5, warmupRepetitions: 0, settleMilliseconds: 0, log: () => undefined,
      environment: { SEARCH_BENCH_MESSAGES: '1200', SEARCH_BENCH_CONVERSATIONS: '12', SEARCH_BENCH_DISK: '0' },
    });
    expect(run.missing).toBeUndefined();
    expect(run.errors).toEqual([]);
    expect(run.figures.map((figure) => figure.id).sort()).toEqual(['17', '17b', '17c', '17d', '17e', '18', '18b', '19', '20', '22', '22b', '23']);
    for (const figure of run.figures) expect(Number.isFinite(figure.value)).toBe(true);
    expect(run.figures.find((figure) => figure.id === '17')?.notes[0]).toContain('both find the same 12 entries');
  });
});
