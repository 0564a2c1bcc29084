// Builds test/fixtures/store-0.3-alpha.10/v5-database.json.gz: a database written by convolog's own
// code at schema version 5 (commit 7c3463a's src, 0.3.0-alpha.10, the last before shard pieces),
// every object store dumped record by record with its key, as that build laid them out: the
// fixture history, its packed search index (flushed, so a prefix holds a record of more than
// SPLIT_AT bytes written whole, as alpha.10 wrote every record), an attachment, and a message the
// index does not hold yet. test/store/shard-pieces-upgrade.test.ts loads it into a version 5
// database and opens it with the current store: migration 6 must keep every record and list the
// conversation left behind in `searchBehind`, and search must read alpha.10's whole records
// beside new pieces.
//
//   node scripts/build-v5-fixture.mjs
//
// The old source is taken with `git archive` into bench/.tmp (ignored) and bundled there; no old
// code enters the repository.
import { join } from 'node:path';
import { writeFixtureHistory } from './fixture-history.mjs';
import { dumpAllStores, importOldBuild, repository, writeDump } from './old-build.mjs';

const COMMIT = '7c3463a';
const work = join(repository, 'bench/.tmp/convolog-0.3-alpha.10');
const output = join(repository, 'test/fixtures/store-0.3-alpha.10/v5-database.json.gz');

const old = await importOldBuild(COMMIT, work, 'convolog-0.3-alpha.10.mjs');

const name = 'convolog-0.3-alpha.10-fixture';
await writeFixtureHistory(old, name);

// One batch of many rare words under 'lo' (one record of the prefix, over 8 KB) and an image.
let seed = 11;
const random = (below) => (seed = (seed * 48_271) % 2_147_483_647) % below;
const letters = (count) => Array.from({ length: count }, () => String.fromCharCode(97 + random(26))).join('');
let clock = Date.UTC(2025, 4, 1);
const store = await old.openStore({ name, now: () => new Date((clock += 1000)) });
const { id } = await store.createConversation({ id: 'words', title: 'Many rare words' });
await store.append(id, Array.from({ length: 400 }, (_, index) => (index % 2 ? old.assistant : old.user)(
  [...Array.from({ length: 8 }, () => `lo${letters(1 + random(4))}`), index === 200 ? 'lofoten' : 'plain'].join(' '),
)));
const image = await store.putAttachment(new Uint8Array(3000).map((_, index) => index % 251), { mediaType: 'image/png' });
await store.settle(id);
await store.append(id, [old.user([{ type: 'text', text: 'a picture of the lofoten islands' }, { type: 'image', source: image }])]);
await store.flushSearchIndex();
// Written after the flush and closed at once: a conversation alpha.10 left behind (`unindexed`), which migration 6 must list.
await store.append(id, [old.user('still waiting for the indexer: kvitsoy')]);
store.close();

await writeDump({ name, builtBy: `scripts/build-v5-fixture.mjs from convolog ${COMMIT} (0.3.0-alpha.10)`, output, work, extra: { records: await dumpAllStores(name) } });
