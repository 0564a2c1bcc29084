import type { Message, ProviderData } from '../../core/message.js';
import { RESERVED_NAMESPACE } from '../../core/reserved-namespace.js';
import type { Warning } from '../../core/warning.js';
import { warningAt } from './warning-at.js';

// What `retainProviderState(messages, keep)` does, for the adapters: same result, same warnings
// (test/adapters/shared/keep-own-state.test.ts holds the two together). It works in place on the
// copies `readMessages` made, where core's copies on write and takes any rule set: an app that
// only sends messages (figure 11e) pays for this one.

type Owner = { providerData?: ProviderData };
type Item = Owner & { type: string; origin?: string };

/**
 * Keeps only the provider data of `keep` (and `convolog`) on messages, blocks and parts, and
 * removes the reasoning whose state was all foreign and the raw items and provider tool blocks of
 * a foreign `origin`: `retainProviderState(messages, keep)`, applied to `messages` themselves.
 * Returns its warnings. Only for messages no one else holds (the adapters' own copies).
 * @internal
 */
export function keepOwnState(messages: Message[], keep: readonly string[]): Warning[] {
  const warnings: Warning[] = [];
  const kept = (namespace: string): boolean => namespace === RESERVED_NAMESPACE || keep.includes(namespace);
  const strip = (owner: Owner, messageIndex: number, blockIndex?: number, noun?: string): void => {
    const data = owner.providerData;
    const removed = data === undefined ? [] : Object.keys(data).filter((namespace) => !kept(namespace));
    if (removed.length === 0) return;
    for (const namespace of removed) delete data![namespace];
    if (Object.keys(data!).length === 0) delete owner.providerData;
    const where = blockIndex === undefined ? '' : `${noun!} ${blockIndex} of `;
    warnings.push(warningAt(
      'dropped_provider_data', messageIndex, blockIndex,
      `Removed provider data ${names(removed)} from ${where}message ${messageIndex}: only the kept namespaces and \`convolog\` stay`,
    ));
  };
  messages.forEach((message, messageIndex) => {
    strip(message, messageIndex);
    if (typeof message.content === 'string') return;
    const noun = message.role === 'assistant' ? 'block' : 'part';
    (message as { content: Item[] }).content = (message.content as Item[]).filter((item, blockIndex) => {
      const reason = dropReason(item, kept);
      if (reason === undefined) {
        strip(item, messageIndex, blockIndex, noun);
        return true;
      }
      warnings.push(warningAt(
        'dropped_block', messageIndex, blockIndex, `Removed a \`${item.type}\` ${noun} (${reason[0]}) from message ${messageIndex}: ${reason[1]}`,
      ));
      return false;
    });
  });
  return warnings;
}

/** What identifies a block that goes, and why it goes; `undefined` when it stays. */
function dropReason(item: Item, kept: (namespace: string) => boolean): [detail: string, why: string] | undefined {
  if (item.type === 'reasoning') {
    const namespaces = Object.keys(item.providerData ?? {});
    if (namespaces.length === 0 || namespaces.some(kept)) return undefined;
    return [`state ${names(namespaces)}`, 'all of its opaque state belongs to providers that are not kept'];
  }
  const { origin } = item;
  if (origin === undefined || kept(origin) || !['other', 'provider_tool_call', 'provider_tool_result'].includes(item.type)) return undefined;
  return [`origin \`${origin}\``, `\`${origin}\` is not a kept provider`];
}

function names(namespaces: readonly string[]): string {
  return namespaces.map((namespace) => `\`${namespace}\``).join(', ');
}
