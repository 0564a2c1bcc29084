// One launched executable in its own process group, with its output's tail kept for errors.
import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';

/** How long a group gets between SIGTERM and SIGKILL. */
const GRACE_MS = 3_000;
/** How much of the output is kept to explain an early exit. */
const TAIL_CHARS = 4_000;

/** A running process group. */
export interface LaunchedGroup {
  readonly child: ChildProcess;
  /** The last few KB of the process's stdout and stderr. */
  output(): string;
  /** SIGTERM to the group, SIGKILL after a grace period; resolves once the leader has exited. */
  stop(): Promise<void>;
  /** SIGKILL to the group, synchronously (for process exit). */
  killNow(): void;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}

/**
 * Starts `command` detached, so it leads a new process group that can be stopped as a whole.
 * An exit before stop() is reported on stderr with the output's tail, so a browser that fails to
 * start says why instead of leaving vitest waiting for a page that never connects.
 */
export function launchGroup(label: string, command: string, args: readonly string[], options: SpawnOptions = {}): LaunchedGroup {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options, detached: true });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      if (!stopping) process.stderr.write(`[${label}] exited early (code ${code}, signal ${signal}):\n${tail}\n`);
      resolve();
    });
    child.once('error', (error) => {
      process.stderr.write(`[${label}] could not start ${command}: ${error.message}\n`);
      resolve();
    });
  });
  return {
    child,
    output: () => tail,
    async stop() {
      stopping = true;
      signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), GRACE_MS);
      await exited;
      clearTimeout(timer);
      // Helpers that ignored SIGTERM, or outlived their leader, go too.
      signalGroup(child, 'SIGKILL');
    },
    killNow() {
      stopping = true;
      signalGroup(child, 'SIGKILL');
    },
  };
}
