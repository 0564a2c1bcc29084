// Builds test/fixtures/store-0.2-search/v3-database.json.gz: a database written by convolog's own
// code at schema version 3 (commit 3331da0's src, the last with 0.2's search index: each entry's
// `search` keys under the multiEntry index `byTerm`), dumped record by record as it laid them
// out. The packed search test loads these records into a version 3 database and opens it with
// the current store: migration 4 must mark every conversation and the indexer rebuild it.
//
//   node scripts/build-v3-fixture.mjs
//
// The old source is taken with `git archive` into bench/.tmp (ignored) and bundled there; no old
// code enters the repository. The history is build-v2-fixture.mjs's.
import { join } from 'node:path';
import { writeFixtureHistory } from './fixture-history.mjs';
import { importOldBuild, repository, writeDump } from './old-build.mjs';

const COMMIT = '3331da0';
const work = join(repository, 'bench/.tmp/convolog-0.2-search');
const output = join(repository, 'test/fixtures/store-0.2-search/v3-database.json.gz');

const old = await importOldBuild(COMMIT, work, 'convolog-0.2.mjs');

const name = 'convolog-0.2-search-fixture';
await writeFixtureHistory(old, name);

await writeDump({ name, builtBy: `scripts/build-v3-fixture.mjs from convolog ${COMMIT}`, output, work });
