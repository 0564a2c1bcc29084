// A small client of classic W3C WebDriver over HTTP, for WebKitGTK's WebKitWebDriver (DESIGN §19):
// Playwright cannot start Debian's MiniBrowser and WebKitGTK 2.50 offers no WebDriver BiDi (the
// `webSocketUrl` capability is refused), so the page-driven scenarios speak the HTTP protocol
// themselves with `fetch`. Only the commands the scenarios need are here.
//
// A WebDriver session has one current window: a command runs in whichever window was switched to
// last. Two ScenarioPages of one session would switch under each other's feet, so every command
// goes through one queue, each with the window it targets, and the switch and the command run
// together, never interleaved with another page's.

/** The key W3C WebDriver names a web element reference by. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/** An error the remote end answered with: its W3C error code (`no such element`, …) and message. */
export class WebDriverError extends Error {
  constructor(readonly code: string, message: string, readonly command: string) {
    super(`${command}: ${code}: ${message}`);
    this.name = 'WebDriverError';
  }
}

/** One WebDriver session; every window command goes through `inWindow`, in order. */
export class WebDriverSession {
  /** The tail of the command queue. */
  #queue: Promise<unknown> = Promise.resolve();
  /** The window the remote end runs commands in now. */
  #current: string | undefined;

  private constructor(readonly endpoint: string, readonly id: string) {}

  /** Opens a session at `endpoint` (http://127.0.0.1:port) with `capabilities` as `alwaysMatch`. */
  static async open(endpoint: string, capabilities: Record<string, unknown>): Promise<WebDriverSession> {
    const value = await send<{ sessionId: string }>(endpoint, 'POST', '/session', { capabilities: { alwaysMatch: capabilities } });
    const session = new WebDriverSession(endpoint, value.sessionId);
    session.#current = await session.#command<string>('GET', '/window');
    return session;
  }

  /** The session's first window, which the browser opened with it. */
  get firstWindow(): string {
    return this.#current!;
  }

  /**
   * Opens a new top-level window: a window of its own rather than a tab, so no page of the
   * scenarios is a hidden background tab, whose timers an engine may throttle.
   */
  newWindow(): Promise<string> {
    return this.#enqueue(async () => {
      // The remote end opens it from the current window, which must exist: after a close, any will do.
      if (this.#current === undefined) await this.#switchTo((await this.#command<string[]>('GET', '/window/handles'))[0]!);
      const { handle } = await this.#command<{ handle: string }>('POST', '/window/new', { type: 'window' });
      return handle;
    });
  }

  /** Runs `command` (a path under the session, such as `/url`) in window `handle`. */
  inWindow<T>(handle: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    return this.#enqueue(async () => {
      await this.#switchTo(handle);
      return this.#command<T>(method, path, body);
    });
  }

  /** Runs `script` (a function body; `arguments` are `args`) synchronously in window `handle`. */
  execute<T>(handle: string, script: string, args: readonly unknown[] = []): Promise<T> {
    return this.inWindow<T>(handle, 'POST', '/execute/sync', { script, args });
  }

  /** The reference of the first element matching `selector` in window `handle`. */
  async findElement(handle: string, selector: string): Promise<string> {
    const found = await this.inWindow<Record<string, string>>(handle, 'POST', '/element', { using: 'css selector', value: selector });
    return found[ELEMENT_KEY]!;
  }

  /** Closes window `handle`; the session lives on while another window is open. */
  closeWindow(handle: string): Promise<void> {
    return this.#enqueue(async () => {
      await this.#switchTo(handle);
      await this.#command('DELETE', '/window');
      this.#current = undefined;
    });
  }

  /** Ends the session, which closes the browser. */
  async delete(): Promise<void> {
    await this.#enqueue(() => this.#command('DELETE', ''));
  }

  async #switchTo(handle: string): Promise<void> {
    if (this.#current === handle) return;
    await this.#command('POST', '/window', { handle });
    this.#current = handle;
  }

  #command<T>(method: string, path: string, body?: unknown): Promise<T> {
    return send<T>(this.endpoint, method, `/session/${this.id}${path}`, body);
  }

  /** Appends `step` to the queue; a failed step does not stop the ones after it. */
  #enqueue<T>(step: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(step, step);
    this.#queue = result.catch(() => undefined);
    return result;
  }
}

/** One HTTP command; resolves with the answer's `value` or throws its WebDriver error. */
async function send<T>(endpoint: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${endpoint}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let answer: { value?: unknown };
  try {
    answer = JSON.parse(text) as { value?: unknown };
  } catch {
    throw new WebDriverError('invalid answer', `HTTP ${response.status}: ${text.slice(0, 200)}`, `${method} ${path}`);
  }
  if (!response.ok) {
    const { error, message } = (answer.value ?? {}) as { error?: string; message?: string };
    throw new WebDriverError(error ?? `HTTP ${response.status}`, message ?? text.slice(0, 200), `${method} ${path}`);
  }
  return answer.value as T;
}

/** Asks WebKitWebDriver at `endpoint` whether it is ready for a new session. */
export async function driverReady(endpoint: string): Promise<boolean> {
  try {
    return (await send<{ ready: boolean }>(endpoint, 'GET', '/status')).ready === true;
  } catch {
    return false;
  }
}
