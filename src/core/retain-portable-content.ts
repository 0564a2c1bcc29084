import type { MediaSource, Message } from './message.js';
import { namespacesOf } from './provider-state-namespaces.js';
import type { ContentItem, DropReason, RetentionPolicy } from './provider-state-policy.js';
import { rewriteMessages, type RetentionResult } from './provider-state-rewrite.js';

const RAW_ITEM: DropReason = { detail: '', why: 'raw provider items are not portable' };
const PROVIDER_TOOL: DropReason = { detail: '', why: 'blocks of tools the provider ran itself are not portable' };

/**
 * A whitelist, not a blacklist: only content known to be portable stays, so a content type this
 * build does not know (untrusted input can hold anything) goes too.
 */
const portablePolicy: RetentionPolicy = {
  keepsNamespace: undefined,
  providerDataWhy: 'provider state is not portable and must not come from an untrusted history',
  dropReason(item: ContentItem): DropReason | undefined {
    switch (item.type) {
      case 'text':
      case 'refusal':
      case 'tool_call':
        return undefined;
      case 'reasoning':
        return reasoningReason(item.providerData);
      case 'image':
      case 'file':
        return mediaReason(item.source);
      case 'other':
        return withOrigin(RAW_ITEM, item.origin);
      case 'provider_tool_call':
      case 'provider_tool_result':
        return withOrigin(PROVIDER_TOOL, item.origin);
      default:
        return { detail: '', why: 'this content type is not known to be portable' };
    }
  },
};

function reasoningReason(providerData: unknown): DropReason | undefined {
  const namespaces = namespacesOf(providerData);
  if (namespaces.length === 0) return undefined;
  return {
    detail: `state ${namespaces.map((namespace) => `\`${namespace}\``).join(', ')}`,
    why: 'reasoning that carried opaque provider state is not portable, and the provider refuses it without that state',
  };
}

function mediaReason(source: MediaSource | undefined): DropReason | undefined {
  const kind: unknown = source?.kind;
  if (kind === 'url' || kind === 'base64') return undefined;
  if (kind === 'provider_file') {
    const provider = (source as { provider?: unknown }).provider;
    return {
      detail: `provider file from \`${String(provider)}\``,
      why: "a provider file reference reaches files in the operator's provider account",
    };
  }
  return { detail: '', why: `a media source of kind \`${String(kind)}\` is not portable` };
}

function withOrigin(reason: DropReason, origin: string | undefined): DropReason {
  return origin === undefined ? reason : { ...reason, detail: `origin \`${origin}\`` };
}

/**
 * The trust boundary: keeps only portable content. Removes every `providerData` (the reserved
 * `convolog` namespace included), every `other` part or block, media with a `provider_file`
 * source, `provider_tool_call` / `provider_tool_result` blocks and reasoning blocks that carried
 * opaque state. Text, reasoning without state, refusals, url and base64 media, client tool calls
 * and tool results stay. Messages are never removed (indices stay yours, a message left without
 * content stays empty), `appData` is left as it is, and the input is never mutated: unchanged
 * messages are returned as the same objects. Idempotent: a second pass changes and reports nothing.
 *
 * Call it on any history an end user holds or sends, and on any import, before an adapter sends
 * it with your key. `appData` from such a history is as untrusted as the rest.
 *
 * @example
 * const { messages, warnings } = retainPortableContent(parseHistory(untrustedJson).messages)
 * for (const warning of warnings) console.info(warning.message)
 */
export function retainPortableContent(messages: readonly Message[]): RetentionResult {
  return rewriteMessages(messages, portablePolicy);
}
