import { isJsonObject } from './is-json-object.js';
import type { ProviderData } from './message.js';

/** The outcome of filtering one `providerData` object that had to change. */
export interface NamespaceFilterResult {
  /** What stays; `undefined` when nothing does and the `providerData` key goes. */
  providerData: ProviderData | undefined;
  /** The namespaces that went, in their original order (empty when only an empty or malformed value went). */
  removed: string[];
}

/**
 * The namespaces of a `providerData` value: its own keys, or none when it is absent or not a
 * plain object (untrusted input can hold anything).
 * @internal
 */
export function namespacesOf(providerData: unknown): string[] {
  return isJsonObject(providerData) ? Object.keys(providerData) : [];
}

/**
 * Filters the namespaces of one `providerData` value. `undefined` means it stays exactly as it
 * is (so the caller can keep the very same object); `keepsNamespace === undefined` removes it
 * altogether, an empty one included.
 * @internal
 */
export function filterNamespaces(
  providerData: unknown,
  keepsNamespace: ((namespace: string) => boolean) | undefined,
): NamespaceFilterResult | undefined {
  if (providerData === undefined) return undefined;
  const namespaces = namespacesOf(providerData);
  if (keepsNamespace === undefined) return { providerData: undefined, removed: namespaces };
  if (namespaces.length === 0) {
    // An empty object loses nothing and stays; anything else that is not a namespace record goes.
    return isJsonObject(providerData) ? undefined : { providerData: undefined, removed: [] };
  }
  const kept: [string, unknown][] = [];
  const removed: string[] = [];
  for (const namespace of namespaces) {
    if (keepsNamespace(namespace)) kept.push([namespace, (providerData as Record<string, unknown>)[namespace]]);
    else removed.push(namespace);
  }
  if (removed.length === 0) return undefined;
  if (kept.length === 0) return { providerData: undefined, removed };
  // Object.fromEntries defines own properties, so a namespace named `__proto__` cannot reach the prototype.
  return { providerData: Object.fromEntries(kept) as ProviderData, removed };
}
