import type { Message } from './message.js';
import { namespacesOf } from './provider-state-namespaces.js';
import type { ContentItem, DropReason, RetentionPolicy } from './provider-state-policy.js';
import { rewriteMessages, type RetentionResult } from './provider-state-rewrite.js';
import { RESERVED_NAMESPACE } from './reserved-namespace.js';

/** Which provider-data namespaces to keep: a list of names, or a predicate that accepts a name. */
export type KeepNamespaces = readonly string[] | ((namespace: string) => boolean);

function providerStatePolicy(keep: KeepNamespaces): RetentionPolicy {
  const accepts = typeof keep === 'function' ? keep : listPredicate(keep);
  const keepsNamespace = (namespace: string): boolean => namespace === RESERVED_NAMESPACE || Boolean(accepts(namespace));
  return {
    keepsNamespace,
    providerDataWhy: 'only the kept namespaces and `convolog` stay',
    dropReason(item: ContentItem): DropReason | undefined {
      switch (item.type) {
        case 'reasoning':
          return foreignStateReason(namespacesOf(item.providerData), keepsNamespace);
        case 'other':
        case 'provider_tool_call':
        case 'provider_tool_result':
          return foreignOriginReason(item.origin, keepsNamespace);
        default:
          return undefined;
      }
    },
  };
}

function listPredicate(names: readonly string[]): (namespace: string) => boolean {
  const kept = new Set(names);
  return (namespace) => kept.has(namespace);
}

/** Reasoning whose state was entirely foreign goes; reasoning with no state, or some kept state, stays. */
function foreignStateReason(namespaces: readonly string[], keepsNamespace: (namespace: string) => boolean): DropReason | undefined {
  if (namespaces.length === 0 || namespaces.some(keepsNamespace)) return undefined;
  return {
    detail: `state ${namespaces.map((namespace) => `\`${namespace}\``).join(', ')}`,
    why: 'all of its opaque state belongs to providers that are not kept',
  };
}

/** A raw item or provider tool block of a foreign provider goes; one without an `origin` stays. */
function foreignOriginReason(origin: string | undefined, keepsNamespace: (namespace: string) => boolean): DropReason | undefined {
  if (origin === undefined || keepsNamespace(origin)) return undefined;
  return { detail: `origin \`${origin}\``, why: `\`${origin}\` is not a kept provider` };
}

/**
 * Drops other providers' opaque state once, when a conversation moves to another provider for
 * good (instead of an adapter warning about it on every turn). Keeps the `providerData`
 * namespaces `keep` names or accepts, and always `convolog`; strips every other namespace from
 * messages, blocks and parts (a `providerData` left empty goes). Drops a reasoning block whose
 * state was entirely foreign (reasoning with no state stays) and `other` / provider tool blocks
 * whose `origin` is foreign (those without an `origin` stay, minus foreign state). Messages are
 * never removed (a message left without content stays, empty), `appData` is left as it is, the
 * input is never mutated, and a second pass changes and reports nothing.
 *
 * This is not a trust boundary: kept state still reaches the provider. For a history from an end
 * user, call `retainPortableContent`.
 *
 * @example
 * // The chat now runs on Anthropic only:
 * const { messages, warnings } = retainProviderState(history, ['anthropic'])
 */
export function retainProviderState(messages: readonly Message[], keep: KeepNamespaces): RetentionResult {
  return rewriteMessages(messages, providerStatePolicy(keep));
}
