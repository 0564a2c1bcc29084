// Whether this process may install Debian packages itself: root, with apt-get on the PATH.
// Shared by ensure-chromium.mjs (bench, reliability) and ensure-browsers.mjs (`pretest`).
import { execFileSync } from 'node:child_process';

export function canInstall() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return false;
  try {
    execFileSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
