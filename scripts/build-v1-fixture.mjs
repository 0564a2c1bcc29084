// Builds test/fixtures/store-0.1/v1-database.json.gz: a database written by convolog 0.1's own
// code (commit b878262's src, 0.1 regrouped), dumped record by record as 0.1 laid them out, with
// the context 0.1 computed for each conversation. The upgrade test loads these records into a
// version 1 database and opens it with the current store.
//
//   node scripts/build-v1-fixture.mjs
//
// The 0.1 source is taken with `git archive` into bench/.tmp (ignored) and bundled there; no old
// code enters the repository.
import { join } from 'node:path';
import { importOldBuild, repository, writeDump } from './old-build.mjs';

const COMMIT = 'b878262';
const work = join(repository, 'bench/.tmp/convolog-0.1');
const output = join(repository, 'test/fixtures/store-0.1/v1-database.json.gz');
const TURNS = 2_600; // 4 entries a turn (user, tool call, tool result, answer): 10,400 entries, plus compactions

const old = await importOldBuild(COMMIT, work, 'convolog-0.1.mjs');

const name = 'convolog-0.1-fixture';
let next = 0;
let clock = Date.UTC(2025, 0, 1);
const store = await old.openStore({ name, generateId: () => `e${String(++next).padStart(6, '0')}`, now: () => new Date((clock += 1000)) });
const big = await store.createConversation({ id: 'big', title: '0.1 long chat', appData: { 'app.prompt': 'be brief' } });
let keep;
for (let turn = 0; turn < TURNS; turn++) {
  const callId = `call-${turn}`;
  const [asked] = await store.append(big.id, [
    old.user(`question ${turn}`),
    old.assistant([{ type: 'text', text: `let me look ${turn}` }, old.toolCall(callId, 'lookup', JSON.stringify({ turn }))]),
    old.toolResult(callId, 'lookup', `result ${turn}`),
    old.assistant(`answer ${turn}`),
  ]);
  if (turn === 1_000) keep = asked.id;
  if (turn === 1_200) await store.appendCompaction(big.id, { summary: 'the first thousand turns', firstKeptId: keep, tokensBefore: 40_000 });
  if (turn === 2_500) await store.appendCompaction(big.id, { summary: 'up to turn 2500', firstKeptId: asked.id });
}
// A trailing window left unanswered (the tab closed mid-tool), and two small conversations.
await store.append(big.id, [old.user('one more'), old.assistant([old.toolCall('call-open', 'lookup', '{}')])]);
const small = await store.createConversation({ id: 'small', title: 'short' });
await store.append(small.id, [old.user('hi'), old.assistant('hello')]);
await store.createConversation({ id: 'empty', title: 'empty' });

const expected = {};
for (const id of ['big', 'small', 'empty']) expected[id] = { context: await store.context(id), lastSeq: (await store.getConversation(id)).lastSeq };
store.close();

await writeDump({ name, builtBy: `scripts/build-v1-fixture.mjs from convolog ${COMMIT}`, output, work, extra: { expected } });
