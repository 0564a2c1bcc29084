// CPU load beside a browser under test: busy loops in child processes, as a loaded user machine
// (or CI runner) has. Chromium's IndexedDB is more often caught mid-write by a SIGKILL then, and a
// corrupted LevelDB table makes it delete the origin's databases on restart (DESIGN §21).
import { spawn, type ChildProcess } from 'node:child_process';

/** Running busy loops; `stop()` ends exactly these processes. */
export interface CpuLoad { stop(): void }

export function startCpuLoad(loops: number): CpuLoad {
  const children: ChildProcess[] = [];
  for (let index = 0; index < loops; index++) {
    children.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  }
  return {
    stop() {
      for (const child of children) child.kill('SIGKILL');
    },
  };
}
