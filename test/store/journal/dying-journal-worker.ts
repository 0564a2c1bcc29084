// Not a test file: the real journal worker, which dies (an uncaught error, no answer) at its
// fourth append, as a worker does that the engine kills or that meets a bug. Started by
// journal-worker.test.ts to show that no acknowledged write is lost when that happens.
import '../../../src/store/journal/journal-worker.js';

const scope = globalThis as unknown as { onmessage: ((event: MessageEvent<{ type: string }>) => void) | null };
const real = scope.onmessage!;
let appends = 0;
scope.onmessage = (event) => {
  if (event.data.type === 'append' && ++appends === 4) throw new Error('the journal worker died');
  real(event);
};
