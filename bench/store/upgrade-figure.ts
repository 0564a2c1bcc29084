// Figure b4: what opening a 0.1 database costs once (the migration to branches), on the real
// 0.1 database of the upgrade test (10,406 entries, written by 0.1's own code).
import { deleteDB } from 'idb';
import fixtureUrl from '../../test/fixtures/store-0.1/v1-database.json.gz?inline';
import { loadDatabaseDump, writeDatabaseDump, type DatabaseDump } from '../../test/store/database-dump.js';
import { summarize, type MeasureOptions } from './measure.js';
import type { StoreFigure, StoreFigureDefinition } from './figures.js';
import { loadStoreModule } from './store-module.js';

const NAME = 'convolog-bench-upgrade';

/** The 0.1 records in a version 1 database, as 0.1 laid them out (untimed). */
async function writeVersion1(dump: DatabaseDump): Promise<void> {
  await deleteDB(NAME);
  await writeDatabaseDump(NAME, dump, { durability: 'relaxed' });
}

async function upgradeCost(options: MeasureOptions): Promise<StoreFigure> {
  const loaded = await loadStoreModule();
  if ('missing' in loaded) throw new Error(loaded.missing);
  const { openStore } = loaded.module;
  const dump = await loadDatabaseDump(fixtureUrl);
  const upgrades: number[] = [];
  const opens: number[] = [];
  for (let round = 0; round < options.warmupRepetitions + options.repetitions; round++) {
    await writeVersion1(dump);
    let started = performance.now();
    (await openStore({ name: NAME, durability: 'strict' })).close();
    const upgrade = performance.now() - started;
    started = performance.now();
    (await openStore({ name: NAME, durability: 'strict' })).close();
    const open = performance.now() - started;
    if (round < options.warmupRepetitions) continue;
    upgrades.push(upgrade);
    opens.push(open);
  }
  await deleteDB(NAME);
  const candidate = summarize({ label: `openStore on the 0.1 database (${dump.entries.length} entries): the upgrade`, opsPerRepetition: 1 }, upgrades);
  const baseline = summarize({ label: 'openStore on the same database once upgraded', opsPerRepetition: 1 }, opens);
  return {
    id: 'b4', title: `upgrade of a 0.1 database (${dump.entries.length} entries) vs opening it upgraded`,
    candidate, baseline, ratio: candidate.median / baseline.median, ratioDefinition: 'candidate / baseline',
    notes: ['one round per repetition: the 0.1 records are written again (untimed), then opened twice; the migration runs once, in the first open'],
  };
}

/** Figure b4, timed by hand: each round needs the 0.1 database written again first. */
export const UPGRADE_FIGURE: StoreFigureDefinition = { id: 'b4', seeds: [], run: (bench) => upgradeCost(bench.options) };
