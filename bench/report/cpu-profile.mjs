// Reads a V8 CPU profile (.cpuprofile, from CDP Profiler or `node --cpu-prof`) and says where
// the time went: self time per function, largest first.

/**
 * @param {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number }, hitCount?: number }[], samples?: number[], timeDeltas?: number[], startTime: number, endTime: number }} profile
 * @param {number} top how many functions to list
 * @returns {{ totalMs: number, functions: { name: string, where: string, selfMs: number, share: number }[] }}
 */
export function summarizeCpuProfile(profile, top) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicroseconds = new Map();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let index = 0; index < samples.length; index += 1) {
    const node = byNode.get(samples[index]);
    if (!node) continue;
    const frame = node.callFrame;
    const file = frame.url ? frame.url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '') : '';
    const key = `${frame.functionName || '(anonymous)'}\t${file}:${frame.lineNumber + 1}`;
    const delta = deltas[index + 1] ?? 0;
    selfMicroseconds.set(key, (selfMicroseconds.get(key) ?? 0) + delta);
  }
  const totalMicroseconds = profile.endTime - profile.startTime;
  const functions = [...selfMicroseconds.entries()]
    .sort((left, right) => right[1] - left[1])
    .slice(0, top)
    .map(([key, microseconds]) => {
      const [name = '', where = ''] = key.split('\t');
      return { name, where, selfMs: microseconds / 1000, share: microseconds / totalMicroseconds };
    });
  return { totalMs: totalMicroseconds / 1000, functions };
}
