// Shared by the React tests (not a test file): a provider around a store, and a store whose
// subscriptions can be counted.
import { createElement, type ReactNode } from 'react';
import type { ConvologStore } from '../../src/store/index.js';
import { ConvologProvider } from '../../src/react/index.js';

/** Wraps children in a provider over `store`. */
export function withStore(store: ConvologStore | (() => Promise<ConvologStore>)) {
  return ({ children }: { children?: ReactNode }) => createElement(ConvologProvider, { store }, children);
}

/** Counts the store subscriptions currently open. */
export function countSubscriptions(store: ConvologStore): { readonly active: number } {
  const counter = { active: 0 };
  const subscribe = store.subscribe.bind(store);
  store.subscribe = (listener, options) => {
    counter.active++;
    const unsubscribe = subscribe(listener, options);
    let done = false;
    return () => {
      if (!done) counter.active--;
      done = true;
      unsubscribe();
    };
  };
  return counter;
}
