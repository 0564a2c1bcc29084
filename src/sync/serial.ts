// One push at a time and one pull at a time: they may overlap, since the live long poll must
// never hold up a push (pouchdb-server ignores the long poll's timeout).

/** Serializes pushes and pulls separately. @internal */
export interface Serial {
  push<T>(run: () => Promise<T>): Promise<T>;
  pull<T>(run: () => Promise<T>): Promise<T>;
}

export function createSerial(): Serial {
  let pushing: Promise<unknown> = Promise.resolve();
  let pulling: Promise<unknown> = Promise.resolve();
  return {
    push(run) {
      const next = pushing.then(run, run);
      pushing = next.catch(() => undefined);
      return next;
    },
    pull(run) {
      const next = pulling.then(run, run);
      pulling = next.catch(() => undefined);
      return next;
    },
  };
}

