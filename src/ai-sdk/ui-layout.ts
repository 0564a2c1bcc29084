// How a UIMessage's parts are remembered beside the stored messages, so that
// `toUIMessages(fromUIMessages(ui))` gives back exactly `ui`. The stored blocks carry what a model
// needs; the layout (in `appData`) carries the rest: the order of parts, step boundaries, parts
// no model reads (`data-*`, `source-*`, provider-run tools …) and fields blocks have no place for.

/** The UIMessage id, on the first stored message of that UIMessage. */
export const UI_MESSAGE_ID_KEY = 'convolog.uiMessageId';
/** The UIMessage `metadata`, on the first stored message of that UIMessage. */
export const UI_METADATA_KEY = 'convolog.uiMetadata';
/** The {@link LayoutItem}s of a stored message, when its parts differ from the default layout. */
export const UI_PARTS_KEY = 'convolog.uiParts';

/** A plain part object as it travels through the layout. */
export type PartRecord = Record<string, unknown> & { type: string };

/**
 * One part of a UIMessage, in order: either built from content block `block` of the stored
 * message (plus `extra` fields the block has no place for; `json` when a tool's output was JSON
 * rather than text; `noInput` when a tool part had no input), or kept verbatim as `part`.
 */
export type LayoutItem = BlockItem | { part: PartRecord };
/** A part built from a stored content block (see {@link LayoutItem}). */
export interface BlockItem { block: number; extra?: Record<string, unknown>; json?: true; noInput?: true }


/** The fields of `part` other than `represented`, or `undefined` when there are none. */
export function residue(part: Record<string, unknown>, represented: readonly string[]): Record<string, unknown> | undefined {
  let extra: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(part)) {
    if (represented.includes(key) || value === undefined) continue;
    (extra ??= {})[key] = value;
  }
  return extra;
}
