// Builds test/fixtures/store-0.2/v2-database.json.gz: a database written by convolog's own code
// at schema version 2 (commit a61043e's src, the last before search), dumped record by record as
// it laid them out. The search upgrade test loads these records into a version 2 database and
// opens it with the current store: migration 3 must index every old entry.
//
//   node scripts/build-v2-fixture.mjs
//
// The old source is taken with `git archive` into bench/.tmp (ignored) and bundled there; no old
// code enters the repository.
import { join } from 'node:path';
import { writeFixtureHistory } from './fixture-history.mjs';
import { importOldBuild, repository, writeDump } from './old-build.mjs';

const COMMIT = 'a61043e';
const work = join(repository, 'bench/.tmp/convolog-0.2');
const output = join(repository, 'test/fixtures/store-0.2/v2-database.json.gz');

const old = await importOldBuild(COMMIT, work, 'convolog-0.2.mjs');

const name = 'convolog-0.2-fixture';
await writeFixtureHistory(old, name);

await writeDump({ name, builtBy: `scripts/build-v2-fixture.mjs from convolog ${COMMIT}`, output, work });
