import type { AssistantBlock, Role, UserPart } from './message.js';

/** Any item of a message's content array: an assistant block, a user part or a tool-result part. */
export type ContentItem = AssistantBlock | UserPart;

/** Why a block or part goes: shown in its `dropped_block` warning. */
export interface DropReason {
  /** What identifies it beyond its type, such as "origin `openai`"; empty when nothing does. */
  detail: string;
  /** Why it cannot stay, such as "raw provider items are not portable". */
  why: string;
}

/**
 * What one retention pass keeps: the rule set behind `retainPortableContent` and
 * `retainProviderState`, applied by `rewriteMessages`.
 * @internal
 */
export interface RetentionPolicy {
  /**
   * Whether a provider-data namespace stays. `undefined` means none does: every `providerData`
   * goes, an empty one included, so the output holds no `providerData` key at all.
   */
  readonly keepsNamespace: ((namespace: string) => boolean) | undefined;
  /** Why `item` (in a message of `role`) must go, or `undefined` when it stays. */
  dropReason(item: ContentItem, role: Role): DropReason | undefined;
  /** The end of a `dropped_provider_data` message: why those namespaces went. */
  readonly providerDataWhy: string;
}
