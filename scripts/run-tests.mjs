// `npm test`: every Vitest project, with Firefox and WebKit each in a Vitest process of its own
// (its engine suites, then the page-driven reliability scenarios in that engine).
//
// Why not one `vitest run`: in one CI run of five, WebKitGTK's page lost its connection to Vitest
// in the middle of the engine suites ("Browser connection was closed while running tests"), with
// no test failing, and Vitest then skips every file that project had left. A killed
// WebKitNetworkProcess (which holds IndexedDB and the page's WebSocket) gives exactly that message.
// Run apart, each engine's result is its own, and an engine whose browser went away while no test
// had failed is run once more, saying so loudly; a test that fails is never run again. So is a
// process that printed nothing for too long (a stall: WebKit was seen hanging once, and one CI
// run's main process went silent for an hour in its node and Chromium projects, cause unknown).
//
// `npm test -- <filters>` passes the filters to every process; `npm test -- --project <name>` runs
// plain `vitest run` with what it is given.
import { execFileSync, spawn } from 'node:child_process';

/**
 * The engines that run in processes of their own, each with the projects it runs: each also
 * drives the page-driven reliability scenarios in its engine after its engine suites
 * (`reliability-firefox` over WebDriver BiDi, `reliability-webkit` over classic WebDriver:
 * DESIGN §19), so every engine runs the reliability suite.
 */
const ENGINES = {
  firefox: ['firefox', 'firefox-isolated', 'reliability-firefox'],
  webkit: ['webkit', 'webkit-isolated', 'reliability-webkit'],
};
/**
 * Every other project, in the process whose output streams live. Vitest runs them in this order
 * on 2 cores: `node` and `browser` (one file at a time, beside the engines' processes), then
 * `reliability`, then `crash-harness` (its two files side by side, each with a busy loop: by then
 * the engines' processes have ended), and `e2e` last (two files at a time).
 *
 * Measured on clean clones here (2 cores, 2026-12-04; the CPU is 100 % busy from the third minute
 * on, sampled every 15 s, but for this process's last part: reliability and the demo suite one
 * file at a time kept about one core busy), so less work, or that last part two files at a
 * time, shortens the run (README "Development"):
 * - files isolated: 42.5 min. Five processes in two phases instead (`node` + `browser`,
 *   `reliability` + `e2e`, Firefox, WebKit at once, then the crash harnesses): 42 min against 43,
 *   each of four processes at once twice as slow, and a demo test needed its retry.
 * - files sharing modules (vitest.config.ts): tests 32.6 min; this process ran alone for its last
 *   ~18 (reliability 298 s, crash-harness 313 s, e2e 687 s). Not kept, each stopped once its
 *   outcome was clear: (a) `node` in Firefox's process and `reliability` in WebKit's, e2e before
 *   the harness: e2e beside the engines' suites took 2-2.5x as long per file (demo-backup 157 s
 *   against 56-72; Chromium's renderers run niced); (b) the crash harnesses in a fourth process
 *   from the start without their busy loops, the other suites' load standing in: starved, they
 *   did a tenth of the work in more time (Firefox 46 acknowledged batches in 227 s against 532 in
 *   78 s alone with the loops), and this process fell ~60 files behind.
 * - 2026-12-05, on a quiet machine: the demo suite two files at a time 590-599 s against ~690 s
 *   one at a time (both cores busy then: 1,113 CPU-seconds in 600 s); the crash harnesses side
 *   by side with one busy loop each 232 s against 301 s one after the other with three each.
 *   Reliability two at a time: 137 s against 169 s, not kept: in CI it starts beside the
 *   engines' processes, where a second file only takes CPU from them. Then the reliability pages
 *   built once per project instead of module by module (Chromium's scenarios 169 -> 112 s
 *   quiet): a clean clone's `.ci/run` 1,843 -> 1,607 s (26.8 min), the engines' processes done
 *   ~800 s in, then the crash harnesses ~185 s and this suite ~575 s.
 */
const MAIN_PROJECTS = ['node', 'node-isolated', 'browser', 'browser-isolated', 'e2e', 'reliability', 'crash-harness'];
const BROWSER_GONE = 'Browser connection was closed while running tests';
/**
 * A process that prints nothing for this long is stuck. An engine's slowest file takes about a
 * minute; the main process's slowest, the crash harness, about 3.5 minutes alone, and files
 * there run side by side, so one finishing prints.
 */
const SILENCE_MS = Number(process.env.CONVOLOG_TEST_SILENCE_MS ?? 6 * 60_000);
const MAIN_SILENCE_MS = Number(process.env.CONVOLOG_TEST_SILENCE_MS ?? 10 * 60_000);
const SILENT = 'printed nothing for';
/** The process groups still running. */
const groups = new Set();

/**
 * Runs `vitest run` with `args`, in a process group of its own so a stuck run is stopped with the
 * browsers it started. Output goes through as it comes when `live`, otherwise it is kept and
 * printed as one block when the process ends, so two engines never interleave their lines.
 */
function vitest(args, { live, label, silenceMs = SILENCE_MS }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
      detached: true,
    });
    groups.add(child.pid);
    const chunks = [];
    let silence;
    let stopped = Promise.resolve();
    const listen = () => {
      clearTimeout(silence);
      silence = setTimeout(() => {
        const note = `\n${label} ${SILENT} ${silenceMs / 1000} s: stopped. Still running:\n${processes()}\n`;
        chunks.push(Buffer.from(note));
        if (live) process.stdout.write(note);
        stopped = stop(child);
      }, silenceMs);
    };
    listen();
    const heard = (stream) => (chunk) => {
      chunks.push(chunk);
      if (live) stream.write(chunk);
      listen();
    };
    child.stdout.on('data', heard(process.stdout));
    child.stderr.on('data', heard(process.stderr));
    child.once('close', async (code, signal) => {
      clearTimeout(silence);
      await stopped;
      groups.delete(child.pid);
      const output = Buffer.concat(chunks).toString();
      if (!live) process.stdout.write(`\n──── ${label} ────\n${output}\n`);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

/** The browsers, servers and Vitest workers still running: what a stall left behind, for its report. */
function processes() {
  try {
    const lines = execFileSync('ps', ['-eo', 'pid,etime,pcpu,args', '--sort=start_time'], { encoding: 'utf8' }).split('\n');
    return lines.filter((line) => /chrom|firefox|MiniBrowser|WebKit|vitest|pouchdb/i.test(line)).map((line) => line.slice(0, 200)).join('\n');
  } catch {
    return '(ps failed)';
  }
}

/**
 * Stops a stuck Vitest and everything it started. Browsers lead process groups of their own
 * (Playwright's and our providers' alike), so the groups are listed first, while their processes
 * are still the Vitest's descendants. Then SIGTERM, so the providers can close their browsers,
 * and 15 s later SIGKILL to every group listed: a browser whose Vitest worker died first would
 * otherwise live on, orphaned (seen: two Chromiums left by a stopped main process).
 * Resolves once the kill is done, so the run never exits before it.
 */
function stop(child) {
  const groupsOfIt = descendantGroups(child.pid);
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Ended already.
  }
  return new Promise((resolve) => {
    setTimeout(() => {
      for (const pgid of groupsOfIt) {
        try {
          process.kill(-pgid, 'SIGKILL');
        } catch {
          // Ended already.
        }
      }
      resolve();
    }, 15_000);
  });
}

/** The process groups of `pid` and of every process under it, but never this script's own. */
function descendantGroups(pid) {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,pgid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of rows) {
      if (found.has(parent) && !found.has(child)) found.add(child), (grew = true);
    }
  }
  const own = rows.find(([p]) => p === process.pid)?.[2];
  return new Set(rows.filter(([p]) => found.has(p)).map(([, , pgid]) => pgid).filter((pgid) => pgid !== own));
}

/** True when the run failed only because the browser's page went away: no test failed. */
function browserWentAway({ code, output }) {
  if (code === 0 || !(output.includes(BROWSER_GONE) || output.includes(SILENT))) return false;
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  return !/Tests\s+\d+ failed/.test(plain) && !/Test Files\s+\d+ failed/.test(plain);
}

/**
 * Runs a process's projects; once more, loudly, when its browser went away or it stalled while no
 * test had failed. A second loss fails the run.
 */
async function run(args, { live, label, silenceMs }) {
  const first = await vitest(args, { live, label, silenceMs });
  if (!browserWentAway(first)) return first.code;
  process.stdout.write(
    `\n!!!! ${label}: the browser's page went away or the run stalled while no test had failed (see the output above). ` +
      `Running ${label} once more; a second loss fails the run.\n`,
  );
  return (await vitest(args, { live, label: `${label}, second run`, silenceMs })).code;
}

/** Ctrl+C or a CI cancel stops every Vitest's process group too (they do not get the terminal's signal). */
function stopChildrenOnSignal() {
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      for (const pid of groups) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // Ended already.
        }
      }
      process.exit(1);
    });
  }
}

async function main() {
  stopChildrenOnSignal();
  const args = process.argv.slice(2);
  if (args.includes('--project')) process.exit((await vitest(args, { live: true, label: 'vitest', silenceMs: MAIN_SILENCE_MS })).code);
  // With filters, a process whose projects hold none of the filtered files has nothing to run.
  if (args.length > 0) args.push('--passWithNoTests');
  const projects = MAIN_PROJECTS.flatMap((name) => ['--project', name]);
  const [main, ...engines] = await Promise.all([
    run([...projects, ...args], { live: true, label: MAIN_PROJECTS.join(', '), silenceMs: MAIN_SILENCE_MS }),
    ...Object.entries(ENGINES).map(([name, engineProjects]) =>
      run([...engineProjects.flatMap((project) => ['--project', project]), ...args], { live: false, label: name })),
  ]);
  process.exit(main !== 0 || engines.some((code) => code !== 0) ? 1 : 0);
}

await main();
