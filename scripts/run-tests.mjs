// `npm test`: every Vitest project, with Firefox and WebKit each in a Vitest process of its own.
//
// Why not one `vitest run`: in one CI run of five, WebKitGTK's page lost its connection to Vitest
// in the middle of the engine suites ("Browser connection was closed while running tests"), with
// no test failing, and Vitest then skips every file that project had left. A killed
// WebKitNetworkProcess (which holds IndexedDB and the page's WebSocket) gives exactly that message.
// Run apart, each engine's result is its own, and an engine whose browser went away while no test
// had failed is run once more, saying so loudly; a test that fails is never run again. So is an
// engine whose process printed nothing for 6 minutes (a stall: WebKit was seen hanging once).
//
// `npm test -- <filters>` passes the filters to every process; `npm test -- --project <name>` runs
// plain `vitest run` with what it is given.
import { spawn } from 'node:child_process';

/**
 * The engines that run in processes of their own, each with the projects it runs: Firefox's
 * process also drives the page-driven reliability scenarios in Firefox (`reliability-firefox`,
 * after the engine suites: DESIGN §19).
 */
const ENGINES = { firefox: ['firefox', 'reliability-firefox'], webkit: ['webkit'] };
/** Every other project, in the process whose output streams live. */
const MAIN_PROJECTS = ['node', 'browser', 'e2e', 'reliability'];
const BROWSER_GONE = 'Browser connection was closed while running tests';
/**
 * An engine's process that prints nothing for this long is stuck: its slowest file takes about a
 * minute. WebKitGTK's page was once seen to stall this way instead of going away (DESIGN §19).
 */
const SILENCE_MS = Number(process.env.CONVOLOG_TEST_SILENCE_MS ?? 6 * 60_000);
const SILENT = `printed nothing for ${SILENCE_MS / 1000} s: stopped`;
/** The engines' process groups still running. */
const groups = new Set();

/**
 * Runs `vitest run` with `args`. Output goes straight through when `live`, otherwise it is kept
 * and printed as one block when the process ends, so two engines never interleave their lines.
 */
function vitest(args, { live, label }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
      // Its own process group, so a stuck run is stopped with the browsers it started.
      detached: !live,
    });
    if (!live) groups.add(child.pid);
    const chunks = [];
    let silence;
    const listen = () => {
      clearTimeout(silence);
      silence = setTimeout(() => {
        chunks.push(Buffer.from(`\n${label} ${SILENT}\n`));
        stop(child);
      }, SILENCE_MS);
    };
    if (!live) listen();
    const heard = (chunk) => {
      chunks.push(chunk);
      listen();
    };
    child.stdout?.on('data', heard);
    child.stderr?.on('data', heard);
    child.once('close', (code, signal) => {
      clearTimeout(silence);
      groups.delete(child.pid);
      const output = Buffer.concat(chunks).toString();
      if (!live) process.stdout.write(`\n──── ${label} ────\n${output}\n`);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

/**
 * Stops a stuck Vitest: SIGTERM first, so its browser providers stop the browsers they started
 * (each leads a process group of its own), then its whole process group.
 */
function stop(child) {
  child.kill('SIGTERM');
  setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Ended already.
    }
  }, 15_000).unref();
}

/** True when the run failed only because the browser's page went away: no test failed. */
function browserWentAway({ code, output }) {
  if (code === 0 || !(output.includes(BROWSER_GONE) || output.includes(SILENT))) return false;
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  return !/Tests\s+\d+ failed/.test(plain) && !/Test Files\s+\d+ failed/.test(plain);
}

async function engine(name, filters) {
  const args = [...ENGINES[name].flatMap((project) => ['--project', project]), ...filters];
  const first = await vitest(args, { live: false, label: name });
  if (!browserWentAway(first)) return first.code;
  process.stdout.write(
    `\n!!!! ${name}: the browser's page went away or stalled while no test had failed (see the output above). ` +
      `Running the ${name} project once more; a second loss fails the run.\n`,
  );
  return (await vitest(args, { live: false, label: `${name}, second run` })).code;
}

/** Ctrl+C or a CI cancel stops the engines' process groups too (they do not get the terminal's signal). */
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
  if (args.includes('--project')) process.exit((await vitest(args, { live: true })).code);
  // With filters, a process whose projects hold none of the filtered files has nothing to run.
  if (args.length > 0) args.push('--passWithNoTests');
  const projects = MAIN_PROJECTS.flatMap((name) => ['--project', name]);
  const [main, ...engines] = await Promise.all([vitest([...projects, ...args], { live: true }), ...Object.keys(ENGINES).map((name) => engine(name, args))]);
  process.exit(main.code !== 0 || engines.some((code) => code !== 0) ? 1 : 0);
}

await main();
