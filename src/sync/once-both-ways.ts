import { pullChanges, type PullResult } from './pull-changes.js';
import { pushChanges } from './push-changes.js';
import type { Serial } from './serial.js';
import type { SyncSession } from './sync-session.js';

/** Push, pull, then one checkpoint save for both: an incremental sync costs three requests. @internal */
export async function onceBothWays(session: SyncSession, serial: Serial): Promise<{ written: number } & PullResult> {
  const pushed = await serial.push(() => pushChanges(session, { saveLast: false }));
  const pulled = await serial.pull(() => pullChanges(session, { saveLast: false }));
  await session.save();
  return { ...pushed, ...pulled };
}

