import type { AssistantBlock, Message, ProviderData, UserPart } from '../../core/message.js';
import { RESERVED_NAMESPACE } from '../../core/reserved-namespace.js';
import type { Warning } from '../../core/warning.js';
import { itemName } from './item-name.js';
import { untakenMedia, type MediaRule } from './media-rule.js';
import { warningAt } from './warning-at.js';

// What `retainProviderState(messages, keep)` does, for the adapters: the same messages and a
// warning of the same code at the same place for each thing left out (test/adapters/shared/
// keep-own-state.test.ts holds the two together), worded as the adapters' other warnings. It
// works in place on the copies `parseMessages` made, where core's copies on write and takes any
// rule set: an app that only sends messages (figure 11e) pays for this one.

type Item = (AssistantBlock | UserPart) & { origin?: string };

/**
 * Keeps only the provider data of `keep` (and `convolog`) on messages, blocks and parts, and
 * leaves out the reasoning whose state was all foreign and the raw items and provider tool blocks
 * of a foreign `origin`: `retainProviderState(messages, keep)`, applied to `messages` themselves;
 * and, under the provider's `media` rule, media data it cannot take (see `untakenMedia`).
 * Returns its warnings. Only for messages no one else holds (the adapters' own copies).
 * @internal
 */
export function keepOwnState(messages: Message[], keep: readonly string[], media?: MediaRule): Warning[] {
  const warnings: Warning[] = [];
  const latestUser = messages.map((message) => message.role).lastIndexOf('user');
  const kept = (namespace: string): boolean => namespace === RESERVED_NAMESPACE || keep.includes(namespace);
  const strip = (owner: { providerData?: ProviderData }, messageIndex: number, blockIndex?: number): void => {
    const data = owner.providerData ?? {};
    const removed = Object.keys(data).filter((namespace) => !kept(namespace));
    if (removed.length === 0) return;
    for (const namespace of removed) delete data[namespace];
    if (Object.keys(data).length === 0) delete owner.providerData;
    warnings.push(warningAt('dropped_provider_data', messageIndex, blockIndex, `provider data ${names(removed)}`, 'another provider\'s state is not sent'));
  };
  messages.forEach((message, messageIndex) => {
    strip(message, messageIndex);
    if (typeof message.content === 'string') return;
    const noun = message.role === 'assistant' ? 'block' : 'part';
    (message as { content: Item[] }).content = (message.content as Item[]).filter((item, blockIndex) => {
      const why = dropReason(item, kept) ?? untakenMedia(item, message, messageIndex === latestUser, messageIndex, blockIndex, media);
      if (why === undefined) strip(item, messageIndex, blockIndex);
      else warnings.push(warningAt('dropped_block', messageIndex, blockIndex, itemName(item, noun), why));
      return why === undefined;
    });
  });
  return warnings;
}

/** Why a block goes: it belongs to providers that are not kept. `undefined` when it stays. */
function dropReason(item: Item, kept: (namespace: string) => boolean): string | undefined {
  if (item.type === 'reasoning') {
    const namespaces = Object.keys(item.providerData ?? {});
    if (namespaces.length === 0 || namespaces.some(kept)) return undefined;
    return `all of its opaque state belongs to ${names(namespaces)}`;
  }
  const { origin } = item;
  if (origin === undefined || kept(origin) || !['other', 'provider_tool_call', 'provider_tool_result'].includes(item.type)) return undefined;
  return `it comes from \`${origin}\``;
}

function names(namespaces: readonly string[]): string {
  return namespaces.map((namespace) => `\`${namespace}\``).join(', ');
}
