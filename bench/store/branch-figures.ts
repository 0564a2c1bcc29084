// The branch figures of issue 13: forking, switching and reading a branch, each against the
// plain operation it must stay close to. Seeding (untimed) goes through a relaxed connection.
import type { Entry } from '../../src/core/index.js';
import { assistant, user } from '../../src/core/index.js';
import { figure, type StoreBench, type StoreFigure, type StoreFigureDefinition } from './figures.js';
import { conversationMessages, cycleMessages, prose } from './messages.js';
import type { BenchStore } from './store-module.js';
import { UPGRADE_FIGURE } from './upgrade-figure.js';

const BRANCHED = 'branched-hundred-thousand';
const BRANCHY = 'branchy-two-hundred';
const SEED_BATCH = 500;
const FORKS = 100;
const FORK_POINTS = 50;

function log(text: string): void {
  console.log(`[bench page] ${text}`);
}

/** The entry at `seq` of the whole tree. */
async function entryAt(store: BenchStore, id: string, seq: number): Promise<Entry> {
  const [entry] = await store.entries(id, { allBranches: true, afterSeq: seq - 1, limit: 1 });
  if (!entry) throw new Error(`${id} has no entry at seq ${seq}`);
  return entry;
}

interface Branched { forkChildren: string[]; nearRoot: string; editParent: Entry; regenerateParent: Entry }
let branched: Promise<Branched> | undefined;
/** The end of the 100,000-entry main line, where the plain appends of figures b1 and b2 go. */
let mainTip: string | undefined;

/**
 * 100,000 entries of whole tool-using cycles, then 100 forks: at every 1,000th entry (an
 * answer) a user message edited beside the next one, as a chat UI's edit does.
 */
function seedBranched(bench: StoreBench): Promise<Branched> {
  branched ??= bench.withRelaxed(async (relaxed) => {
    const started = performance.now();
    await relaxed.createConversation({ id: BRANCHED, title: 'bench branched' });
    for (let first = 0; first < 100_000; first += SEED_BATCH) await relaxed.append(BRANCHED, conversationMessages(SEED_BATCH, BRANCHED, first / 4));
    mainTip = (await entryAt(relaxed, BRANCHED, 100_000)).id;
    const forkChildren: string[] = [];
    for (let fork = 1; fork <= FORKS; fork++) {
      const parent = await entryAt(relaxed, BRANCHED, fork * 1_000);
      const [child] = await relaxed.append(BRANCHED, [user(prose(5_000_000 + fork, 220))], { parentId: parent.id });
      forkChildren.push(child!.id);
    }
    log(`seeded ${BRANCHED}: 100,000 entries and ${FORKS} forks in ${Math.round(performance.now() - started)} ms`);
    return {
      forkChildren, nearRoot: (await entryAt(relaxed, BRANCHED, 5)).id,
      editParent: await entryAt(relaxed, BRANCHED, 8), regenerateParent: await entryAt(relaxed, BRANCHED, 9),
    };
  });
  return branched;
}

/** A plain append at the end of the 100,000-entry main line (its parent named, as the forks name theirs). */
async function appendAtMainTip(bench: StoreBench): Promise<void> {
  const [entry] = await bench.strict.append(BRANCHED, [bench.nextTurn(BRANCHED)], { parentId: mainTip! });
  mainTip = entry!.id;
}

const branchy = new Map<string, Promise<string>>();

/**
 * A 200-entry branch of 50 tool-using cycles that leaves the main line at 50 fork points: in
 * every cycle the answer was regenerated once, so the first answer (1 entry) stays beside the
 * branch's own. With `versionLength` 4, each fork point instead holds a whole other 4-entry cycle
 * (the branch's entries then make up only half of the range they span).
 */
function seedBranchy(bench: StoreBench, id: string, versionLength: 1 | 4): Promise<string> {
  let seeding = branchy.get(id);
  if (seeding) return seeding;
  seeding = bench.withRelaxed(async (relaxed) => {
    await relaxed.createConversation({ id, title: `bench ${id}` });
    let tip: string | null = null;
    for (let point = 0; point < FORK_POINTS; point++) {
      const cycle = cycleMessages(point, id);
      if (versionLength === 4) {
        await relaxed.append(id, cycleMessages(1_000 + point, id), { parentId: tip });
        tip = (await relaxed.append(id, cycle, { parentId: tip })).at(-1)!.id;
        continue;
      }
      const asked = await relaxed.append(id, cycle.slice(0, 3), { parentId: tip });
      const resultId = asked.at(-1)!.id;
      await relaxed.append(id, [assistant(prose(7_000_000 + point, 600))], { parentId: resultId });
      tip = (await relaxed.append(id, [cycle[3]!], { parentId: resultId }))[0]!.id;
    }
    return tip!;
  });
  branchy.set(id, seeding);
  return seeding;
}

/** Figure b1: a fork at seq 10 of a 100,000-entry log (a new version of seq 9 or 10) vs a plain append at its end. */
async function forkVersusAppend(bench: StoreBench): Promise<StoreFigure> {
  const { editParent, regenerateParent } = await seedBranched(bench);
  let forks = 0;
  const fork = (): Promise<unknown> => {
    forks += 1;
    // Alternately edit the user message at seq 9 and regenerate the answer at seq 10.
    return forks % 2 === 1
      ? bench.strict.append(BRANCHED, [user(prose(6_000_000 + forks, 220))], { parentId: editParent.id })
      : bench.strict.append(BRANCHED, [assistant(prose(6_000_000 + forks, 600))], { parentId: regenerateParent.id });
  };
  const sides = await bench.measure(
    { label: 'store.append of a new version of seq 9 or 10, 100,000 entries: a fork (strict)', opsPerRepetition: 50, operation: fork },
    { label: 'store.append at the end of the same 100,000 entries (strict)', opsPerRepetition: 50, operation: () => appendAtMainTip(bench) },
  );
  return figure({
    id: 'b1', title: 'fork at seq 10 of 100,000 entries vs plain append at its end',
    ratioDefinition: 'candidate / baseline', target: { comparison: '<=', value: 1.2 },
    notes: [
      'forks alternate an edited user message (beside seq 9) and a regenerated answer (beside seq 10); the plain append extends the main line, naming its parent too',
      `every fork starts a line: ${forks} forks by the end (plus ${FORKS} seeded), all kept in the conversation record both sides read and write`,
    ],
  }, sides);
}

/** Figure b2: checkout in a 100,000-entry log with 100 forks vs a plain append. */
async function checkoutVersusAppend(bench: StoreBench): Promise<StoreFigure> {
  const { forkChildren, nearRoot } = await seedBranched(bench);
  // Alternate a fork's own leaf with an entry near the root (whose newest leaf is found among all the lines): the head moves every time.
  const targets = forkChildren.flatMap((child) => [child, nearRoot]);
  const sides = await bench.measure(
    { label: 'store.checkout, 100,000 entries, 100 forks (strict)', opsPerRepetition: 50, operation: (index) => bench.strict.checkout(BRANCHED, targets[index % targets.length]!) },
    { label: 'store.append at the end of the same 100,000 entries (strict)', opsPerRepetition: 50, operation: () => appendAtMainTip(bench) },
  );
  return figure({
    id: 'b2', title: 'checkout (100,000 entries, 100 forks) vs plain append',
    ratioDefinition: 'candidate / baseline', target: { comparison: '<=', value: 3 },
    notes: ['targets alternate a fork\'s leaf and an entry near the root (newest leaf below it: the newest of all lines), so every checkout moves and writes the head'],
  }, sides);
}

/** Figure b3: context of a branch leaving the main line at 50 fork points (200 entries) vs a plain 200-entry chat. */
async function branchContextVersusPlain(bench: StoreBench, id: string, versionLength: 1 | 4): Promise<StoreFigure> {
  const leafId = await seedBranchy(bench, id, versionLength);
  const plain = await bench.seeded('plainTwoHundred');
  const [branch, straight] = [await bench.strict.context(id, { leafId }), await bench.strict.context(plain)];
  if (branch.length !== straight.length) throw new Error(`the branch has ${branch.length} messages, the plain chat ${straight.length}`);
  const sides = await bench.measure(
    { label: `store.context of a 200-entry branch through 50 fork points (${versionLength}-entry versions beside it)`, opsPerRepetition: 20, operation: () => bench.strict.context(id, { leafId }) },
    { label: 'store.context, plain 200 entries', opsPerRepetition: 20, operation: () => bench.strict.context(plain) },
  );
  return figure({
    id: versionLength === 1 ? 'b3' : 'b3x',
    title: versionLength === 1
      ? 'context: a 200-entry branch through 50 fork points (each answer regenerated once) vs plain 200'
      : 'context: a 200-entry branch through 50 fork points with a whole 4-entry version at each vs plain 200',
    ratioDefinition: 'candidate / baseline', ...(versionLength === 1 ? { target: { comparison: '<=' as const, value: 1.3 } } : {}),
    notes: [`the conversation holds ${FORK_POINTS * (4 + versionLength)} entries; the branch 200 of them, with ${versionLength}-entry versions of other branches between its runs`],
  }, sides);
}

/** The branch figures, in the order they run (b2 before b1: b1 adds lines to the same conversation). */
export const BRANCH_FIGURES: readonly StoreFigureDefinition[] = [
  { id: 'b2', seeds: [], prepare: async (bench) => void (await seedBranched(bench)), run: checkoutVersusAppend },
  { id: 'b1', seeds: [], prepare: async (bench) => void (await seedBranched(bench)), run: forkVersusAppend },
  { id: 'b3', seeds: ['plainTwoHundred'], prepare: async (bench) => void (await seedBranchy(bench, BRANCHY, 1)), run: (bench) => branchContextVersusPlain(bench, BRANCHY, 1) },
  { id: 'b3x', seeds: ['plainTwoHundred'], prepare: async (bench) => void (await seedBranchy(bench, `${BRANCHY}-wide`, 4)), run: (bench) => branchContextVersusPlain(bench, `${BRANCHY}-wide`, 4) },
  UPGRADE_FIGURE,
];
