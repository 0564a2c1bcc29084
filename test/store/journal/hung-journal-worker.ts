// Not a test file: the real journal worker, which stops answering at its fourth append (alive,
// never replying: stuck in a flush on a failing disk, or a bug), unlike dying-journal-worker.ts,
// which dies. Started by journal-worker.test.ts to show that writes do not wait for it forever.
import '../../../src/store/journal/journal-worker.js';

const scope = globalThis as unknown as { onmessage: ((event: MessageEvent<{ type: string }>) => void) | null };
const real = scope.onmessage!;
let appends = 0;
scope.onmessage = (event) => {
  if (event.data.type === 'append' && ++appends >= 4) return; // hung: no answer, ever
  real(event);
};
