// A ScenarioPage over one window of a classic W3C WebDriver session (support/webdriver.ts), for
// WebKitGTK (DESIGN §19). What classic WebDriver lacks, and how this makes up for it:
// - A long `execute/async` would hold the session, so two pages could not run at once (the
//   two-tabs scenario appends from both together). `evaluate` of an async function starts it as a
//   job in the page, its outcome kept in a window slot, and polls the slot with short synchronous
//   executes. Results cross as JSON, so they must be JSON-safe (an `undefined` property is
//   dropped, as `toEqual` ignores it anyway).
// - No script runs before a document's own: `addInitScript` and the error listeners run in the
//   first command after a load (every command's script starts with them, once per document). So
//   errors thrown while a page boots are not seen, and an init script misses what the page did
//   before the test's first command reached it (the long-chat scenario says what that costs).
// - No events: `url()` is the address the last command saw.
import type { ScenarioPage } from './scenario-page.js';
import { WebDriverError, type WebDriverSession } from './webdriver.js';

/** How long the waits wait unless told. */
const DEFAULT_TIMEOUT_MS = 30_000;
/** The pause between two polls of a condition. */
const POLL_MS = 50;
/** The pauses between polls of an evaluate's job: short at first, most evaluates are quick. */
const JOB_POLL_MS = [2, 5, 10, 20, 50, 100];

/** What every command's script answers, besides its value. */
interface Answer {
  readonly href: string;
  readonly errors: string[];
  /** The value as JSON (absent for `undefined`). */
  readonly json?: string | null;
  /** The message of what the function threw, or of its promise's rejection. */
  readonly thrown?: string | null;
  /** The function returned a promise still pending: poll its job. */
  readonly pending?: boolean;
  /** The job's slot is gone: the page navigated while it ran. */
  readonly lost?: boolean;
}

/** The script run first in every command: once per document, the error listeners and init scripts. */
function prelude(initScripts: readonly string[]): string {
  return `
const page_ = window;
if (page_.__scenarioPage === undefined) {
  page_.__scenarioPage = { errors: [], jobs: {} };
  addEventListener('error', (event) => page_.__scenarioPage.errors.push(event.message));
  addEventListener('unhandledrejection', (event) => page_.__scenarioPage.errors.push(String(event.reason && event.reason.message || event.reason)));
  ${initScripts.map((source) => `try { (${source})(); } catch (error) { page_.__scenarioPage.errors.push('init script: ' + error); }`).join('\n  ')}
}
const state_ = (extra) => Object.assign({ href: location.href, errors: page_.__scenarioPage.errors.splice(0) }, extra);
// A value JSON cannot carry (a window, a cycle) comes back undefined, as the scenarios ignore those.
const json_ = (value) => { try { return value === undefined ? undefined : JSON.stringify(value); } catch { return undefined; } };
const describe_ = (error) => (error instanceof Error ? error.name + ': ' + error.message : String(error));
`;
}

/** Runs `fn(arg)`; a promise becomes a job in the page's slot `key`, polled by POLL_SCRIPT. */
function startScript(source: string): string {
  return `
const [key, arg] = arguments;
let result;
try {
  result = (${source})(arg);
} catch (error) {
  return state_({ thrown: describe_(error) });
}
if (result === null || typeof result !== 'object' || typeof result.then !== 'function') {
  return state_({ json: json_(result) });
}
const jobs = page_.__scenarioPage.jobs;
jobs[key] = { done: false };
Promise.resolve(result).then(
  (value) => { jobs[key] = { done: true, json: json_(value) }; },
  (error) => { jobs[key] = { done: true, thrown: describe_(error) }; });
return state_({ pending: true });
`;
}

const POLL_SCRIPT = `
const [key] = arguments;
const job = page_.__scenarioPage.jobs[key];
if (job === undefined) return state_({ lost: true });
if (!job.done) return state_({ pending: true });
delete page_.__scenarioPage.jobs[key];
return state_({ json: job.json, thrown: job.thrown });
`;

/** Whether the element matching `selector` is there and visible (and, when asked, enabled). */
const VISIBLE = (query: { selector: string; enabled: boolean }): boolean => {
  const element = document.querySelector<HTMLElement>(query.selector);
  if (element === null || element.getClientRects().length === 0) return false;
  const style = getComputedStyle(element);
  if (style.visibility === 'hidden' || style.display === 'none') return false;
  return !query.enabled || !(element as HTMLButtonElement).disabled;
};

/** WebDriver errors that say "not yet": the element is not there or not ready for a user. */
const NOT_YET = new Set(['no such element', 'stale element reference', 'element not interactable', 'element click intercepted']);

/** Numbers the evaluate jobs, so two in one page never share a slot. */
let jobs = 0;

/**
 * A ScenarioPage over window `handle` of `session`; its `close` is `release` (the launcher's: a
 * session ends with its last window, so that one is kept for the next page).
 */
export function fromWebDriver(session: WebDriverSession, handle: string, release: () => Promise<void>): ScenarioPage {
  const errors: string[] = [];
  const initScripts: string[] = [];
  let href = 'about:blank';
  let script = prelude(initScripts);

  /** Runs `body` after the prelude and notes what the page reported. */
  const run = async (body: string, args: readonly unknown[]): Promise<Answer> => {
    const answer = await session.execute<Answer>(handle, `${script}\n${body}`, args);
    href = answer.href;
    errors.push(...answer.errors);
    return answer;
  };
  const valueOf = <R>(answer: Answer): R => {
    // WebDriver answers an undefined property as null.
    if (answer.thrown != null) throw new Error(`evaluate in WebKit: ${answer.thrown}`);
    return (answer.json == null ? undefined : JSON.parse(answer.json)) as R;
  };

  const evaluate = async <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> => {
    const key = `job-${++jobs}`;
    let answer = await run(startScript(fn.toString()), [key, arg ?? null]);
    for (let poll = 0; answer.pending === true; poll++) {
      await sleep(JOB_POLL_MS[Math.min(poll, JOB_POLL_MS.length - 1)]!);
      answer = await run(POLL_SCRIPT, [key]);
    }
    if (answer.lost === true) throw new Error(`evaluate in WebKit: the page navigated (now ${href}) before the function's promise settled`);
    return valueOf<R>(answer);
  };

  /** Polls `fn(arg)` until truthy. A failed poll (a page between documents) is tried again. */
  const waitForFunction = async <A>(fn: (arg: A) => unknown, arg?: A, options?: { timeout?: number }): Promise<void> => {
    const timeout = options?.timeout ?? DEFAULT_TIMEOUT_MS;
    const deadline = Date.now() + timeout;
    let last: unknown;
    for (;;) {
      try {
        const answer = await run(`const [arg] = arguments; const value = (${fn.toString()})(arg); return state_({ json: JSON.stringify(Boolean(value)) });`, [arg ?? null]);
        if (valueOf<boolean>(answer)) return;
        last = undefined;
      } catch (error) {
        last = error;
      }
      if (Date.now() > deadline) throw new Error(`waitForFunction timed out after ${timeout} ms in WebKit${last === undefined ? '' : `; last poll: ${String(last)}`}`);
      await sleep(POLL_MS);
    }
  };

  const waitForSelector = (selector: string, options?: { timeout?: number }) => waitForFunction(VISIBLE, { selector, enabled: false }, options);

  /** Finds the visible, enabled element and runs `action` on it, again while WebDriver says "not yet". */
  const act = async (selector: string, action: (element: string) => Promise<void>): Promise<void> => {
    const deadline = Date.now() + DEFAULT_TIMEOUT_MS;
    for (;;) {
      await waitForFunction(VISIBLE, { selector, enabled: true }, { timeout: Math.max(1, deadline - Date.now()) });
      try {
        await action(await session.findElement(handle, selector));
        return;
      } catch (error) {
        if (!(error instanceof WebDriverError && NOT_YET.has(error.code)) || Date.now() > deadline) throw error;
      }
      await sleep(POLL_MS);
    }
  };

  return {
    evaluate,
    waitForFunction,
    waitForSelector,
    fill: (selector, text) => act(selector, async (element) => {
      await session.inWindow(handle, 'POST', `/element/${element}/clear`, {});
      await session.inWindow(handle, 'POST', `/element/${element}/value`, { text });
    }),
    click: (selector) => act(selector, async (element) => {
      await session.inWindow(handle, 'POST', `/element/${element}/click`, {});
    }),
    async goto(url) {
      // Classic WebDriver's navigation waits for the load event (pageLoadStrategy "normal").
      await session.inWindow(handle, 'POST', '/url', { url });
      await run('return state_({});', []);
    },
    async addInitScript(fn) {
      initScripts.push(fn.toString());
      script = prelude(initScripts);
    },
    /**
     * As Firefox's reloadMarked (support/scenario-page.ts): the document is marked and reloaded
     * from inside, on a timer, so the execute returns before the navigation starts; then polled
     * until a document without the mark answers, however early.
     */
    async reloadAtOnce() {
      await run('page_.__reloading = true; setTimeout(() => location.reload(), 0); return state_({});', []);
      const deadline = Date.now() + DEFAULT_TIMEOUT_MS;
      while (Date.now() < deadline) {
        const old = await run('return state_({ json: JSON.stringify(page_.__reloading === true) });', []).then((answer) => valueOf<boolean>(answer), () => true);
        if (!old) return;
        await sleep(5);
      }
      throw new Error('The page did not reload within 30 s');
    },
    url: () => href,
    close: release,
    errors: () => errors,
  };
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
