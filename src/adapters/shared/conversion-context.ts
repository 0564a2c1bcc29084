import { assertValid } from '../../core/assert-valid.js';
import type { Message, ProviderData } from '../../core/message.js';
import { parseMessages } from '../../core/parse-messages.js';
import { RESERVED_NAMESPACE } from '../../core/reserved-namespace.js';
import type { Warning } from '../../core/warning.js';
import { assertResolved } from './assert-resolved.js';
import { keepOwnState } from './keep-own-state.js';
import type { MediaRule } from './media-rule.js';
import { leftOutNote, warningAt } from './warning-at.js';

// Ends the error for a malformed message: nothing went out, and where valid messages come from.
const NOTHING_SENT = 'Nothing was sent; messages read from the store or through parseHistory are always valid.';

/**
 * What a `to…` adapter converts: the caller's context after the checks every adapter makes, and
 * the warnings it reports. Warnings point into the caller's input (`messageIndex`, `blockIndex`),
 * also after foreign blocks were removed.
 * @internal
 */
export interface ConversionContext {
  /** One message per input message, at the same index, with only `keep`'s provider data (and `convolog`'s). */
  readonly messages: readonly Message[];
  /** Everything dropped so far, in the order it was found. */
  readonly warnings: Warning[];
  /**
   * Reports a block or part (or, without `blockIndex`, a whole message) the wire format cannot carry.
   * `what` names it with its article ("a `reasoning` block"); `why` says why. Earlier warnings about
   * the provider data of what goes are withdrawn: this one covers it.
   */
  dropped(messageIndex: number, blockIndex: number | undefined, what: string, why: string): void;
  /**
   * Reports own-namespace state the wire format has no place for at this spot, in the warning the
   * same `providerData` object already has, if any. Does nothing when the item carries no state of
   * `namespace`.
   */
  unplacedState(
    providerData: ProviderData | undefined, namespace: string, messageIndex: number, blockIndex: number | undefined, why: string,
  ): void;
}

/**
 * Refuses a malformed message (`ConvologError` `invalid_message`, `path` from its index) and a
 * context that is not `sendable` (`pairing`), names stored attachments (`unresolved_attachment`) or
 * holds media data the provider cannot take in its latest user message (`unsupported_media_type`,
 * by `media`; in earlier messages such media are left out with warnings), then keeps only the provider data of `keep` (as
 * `retainProviderState` does, whose warnings become the adapter's). Converts validated copies, so the
 * input is never mutated and the body shares no message, block or part with it (only the opaque
 * `value` of a raw item is passed on as it is).
 * @internal
 */
export function prepareContext(input: readonly Message[], keep: readonly string[], media?: MediaRule): ConversionContext {
  const messages = parseMessages(input, NOTHING_SENT);
  assertValid(messages, 'sendable');
  assertResolved(messages);
  const warnings = keepOwnState(messages, keep, media);
  // Retention only removes blocks, and reports each with its index in the caller's message, in
  // block order: a retained block's original index skips every removed one at or before it.
  const removed = warnings.filter((warning) => warning.code === 'dropped_block');
  const originalBlockIndex = (messageIndex: number, blockIndex: number | undefined): number | undefined => {
    if (blockIndex === undefined) return undefined;
    let original = blockIndex;
    for (const warning of removed) if (warning.messageIndex === messageIndex && warning.blockIndex! <= original) original++;
    return original;
  };
  return {
    messages,
    warnings,
    dropped(messageIndex, blockIndex, what, why) {
      const original = originalBlockIndex(messageIndex, blockIndex);
      // What goes as a whole takes its provider data along (a whole message, its blocks' too):
      // DESIGN §0 warns only about the provider data of what stays, so this warning says it all.
      for (let index = warnings.length - 1; index >= 0; index--) {
        const warning = warnings[index]!;
        if (isProviderDataWarningAt(warning, messageIndex, original ?? warning.blockIndex)) warnings.splice(index, 1);
      }
      warnings.push(warningAt('dropped_block', messageIndex, original, what, why));
    },
    unplacedState(providerData, namespace, messageIndex, blockIndex, why) {
      if (providerData === undefined || !Object.hasOwn(providerData, namespace) || namespace === RESERVED_NAMESPACE) return;
      const original = originalBlockIndex(messageIndex, blockIndex);
      const what = `provider data \`${namespace}\``;
      // One warning per provider-data object (DESIGN §0): own state with no place joins the
      // warning about the foreign state the same object lost.
      const earlier = warnings.find((warning) => isProviderDataWarningAt(warning, messageIndex, original));
      if (earlier !== undefined) earlier.message += `; also left out ${leftOutNote(what, messageIndex, original, why)}`;
      else warnings.push(warningAt('dropped_provider_data', messageIndex, original, what, why));
    },
  };
}

function isProviderDataWarningAt(warning: Warning, messageIndex: number, blockIndex: number | undefined): boolean {
  return warning.code === 'dropped_provider_data' && warning.messageIndex === messageIndex && warning.blockIndex === blockIndex;
}

