// `npm test`: every Vitest project, with Firefox and WebKit each in a Vitest process of its own.
//
// Why not one `vitest run`: in one CI run of five, WebKitGTK's page lost its connection to Vitest
// in the middle of the engine suites ("Browser connection was closed while running tests"), with
// no test failing, and Vitest then skips every file that project had left. A killed
// WebKitNetworkProcess (which holds IndexedDB and the page's WebSocket) gives exactly that message.
// Run apart, each engine's result is its own, and an engine whose browser went away while no test
// had failed is run once more, saying so loudly; a test that fails is never run again.
//
// `npm test -- <filters>` passes the filters to every process; `npm test -- --project <name>` runs
// plain `vitest run` with what it is given.
import { spawn } from 'node:child_process';

/** The engines that run in processes of their own. */
const ENGINES = ['firefox', 'webkit'];
/** Every other project, in the process whose output streams live. */
const MAIN_PROJECTS = ['node', 'browser', 'e2e'];
const BROWSER_GONE = 'Browser connection was closed while running tests';

/**
 * Runs `vitest run` with `args`. Output goes straight through when `live`, otherwise it is kept
 * and printed as one block when the process ends, so two engines never interleave their lines.
 */
function vitest(args, { live, label }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.once('close', (code, signal) => {
      const output = Buffer.concat(chunks).toString();
      if (!live) process.stdout.write(`\n──── ${label} ────\n${output}\n`);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

/** True when the run failed only because the browser's page went away: no test failed. */
function browserWentAway({ code, output }) {
  if (code === 0 || !output.includes(BROWSER_GONE)) return false;
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  return !/Tests\s+\d+ failed/.test(plain) && !/Test Files\s+\d+ failed/.test(plain);
}

async function engine(name, filters) {
  const args = ['--project', name, ...filters];
  const first = await vitest(args, { live: false, label: name });
  if (!browserWentAway(first)) return first.code;
  process.stdout.write(
    `\n!!!! ${name}: the browser's page went away while no test had failed (see the error above). ` +
      `Running the ${name} project once more; a second loss fails the run.\n`,
  );
  return (await vitest(args, { live: false, label: `${name}, second run` })).code;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--project')) process.exit((await vitest(args, { live: true })).code);
  // With filters, a process whose projects hold none of the filtered files has nothing to run.
  if (args.length > 0) args.push('--passWithNoTests');
  const projects = MAIN_PROJECTS.flatMap((name) => ['--project', name]);
  const [main, ...engines] = await Promise.all([vitest([...projects, ...args], { live: true }), ...ENGINES.map((name) => engine(name, args))]);
  process.exit(main.code !== 0 || engines.some((code) => code !== 0) ? 1 : 0);
}

await main();
