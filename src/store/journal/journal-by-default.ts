/**
 * Whether the journal is on when `openStore` is not told (DESIGN §21): in Chromium-based engines
 * only. Their IndexedDB is LevelDB, which a kill under load can leave with a bad checksum, and
 * then the browser deletes the origin's databases; Firefox (SQLite) and WebKit lost nothing in
 * 80 and 87 such kills, and there the journal's `createWritable` costs most (Firefox ESR 153:
 * append 2 ms → 28 ms). `navigator.userAgentData` exists in Chromium-based engines alone.
 * @internal
 */
export function journalByDefault(): boolean {
  return typeof navigator !== 'undefined' && (navigator as { userAgentData?: unknown }).userAgentData !== undefined;
}
