import { isJsonObject } from '../../core/is-json-object.js';
import type { ProviderData } from '../../core/message.js';
import { FORBIDDEN_KEYS } from '../../core/plain-json.js';

/** The state a block, part or message keeps under `namespace`, or `undefined` when it has none. */
export function ownState(providerData: ProviderData | undefined, namespace: string): Record<string, unknown> | undefined {
  if (providerData === undefined || !Object.hasOwn(providerData, namespace)) return undefined;
  const state = providerData[namespace];
  return isJsonObject(state) ? state : undefined;
}

/**
 * The wire object with the item's own-namespace state merged in: the state supplies extra wire
 * fields (such as Anthropic's `cache_control` or Gemini's `thoughtSignature`), and the fields the
 * adapter writes always win.
 */
export function withOwnState<Wire extends object>(wire: Wire, state: Record<string, unknown> | undefined): Wire {
  if (state === undefined) return wire;
  const extra = Object.entries(state).filter(([key]) => !FORBIDDEN_KEYS.has(key) && !Object.hasOwn(wire, key));
  if (extra.length === 0) return wire;
  // Object.fromEntries defines own properties, so no key can reach a prototype.
  return Object.fromEntries([...Object.entries(wire), ...extra]) as Wire;
}
