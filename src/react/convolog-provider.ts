import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { StoreHandle, type StoreSource } from './store-handle.js';

const ConvologContext = createContext<StoreHandle | null>(null);

/** Props of {@link ConvologProvider}. */
export interface ConvologProviderProps {
  /**
   * The store, or a function that opens it. The function is called once, on the client, when a
   * hook first needs the store (never during server rendering); later functions are ignored.
   */
  store: StoreSource;
  children?: ReactNode;
}

// Every function given as `store` maps to this one key: an inline `() => openStore()` must not open a store per render.
const FACTORY = {};

/**
 * Makes a convolog store available to `useConversations` and `useConversation` below it. The
 * provider does not close the store: the app that opened it does.
 *
 * @example
 * <ConvologProvider store={() => openStore({ name: 'chats' })}>
 *   <App />
 * </ConvologProvider>
 */
export function ConvologProvider({ store, children }: ConvologProviderProps): ReactNode {
  const key = typeof store === 'function' ? FACTORY : store;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the store instance, not on a fresh factory per render
  const handle = useMemo(() => new StoreHandle(store), [key]);
  return createElement(ConvologContext.Provider, { value: handle }, children);
}

/** The provider's handle; throws when a hook is used outside a {@link ConvologProvider}. @internal */
export function useStoreHandle(hook: string): StoreHandle {
  const handle = useContext(ConvologContext);
  if (handle === null) throw new Error(`${hook} needs a <ConvologProvider store={…}> above it`);
  return handle;
}
