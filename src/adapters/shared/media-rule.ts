import { ConvologError } from '../../core/error.js';
import type { MediaPart } from '../../core/media-parts.js';
import type { Message } from '../../core/message.js';

/**
 * The media data a provider reads: whether it takes base64 data of `mediaType` as `part` of
 * `message` (what it leaves out anyway, such as images in assistant messages, it takes here);
 * `api` names the provider in errors and warnings. @internal
 */
export interface MediaRule {
  api: string;
  takes(part: MediaPart, mediaType: string, message: Message): boolean;
}

// The image types OpenAI and Anthropic read as data (Gemini reads more).
const WEB_IMAGE = /^image\/(png|jpeg|gif|webp)$/;

/** Whether OpenAI and Anthropic read image data of this media type (PNG, JPEG, GIF, WebP). @internal */
export function isWebImage(mediaType: string): boolean {
  return WEB_IMAGE.test(mediaType);
}

/**
 * Why `item` is left out under the provider's `rule`, or `undefined` when it is sent. Media data
 * the provider cannot take is refused (`unsupported_media_type`) in the latest user message: the
 * user just attached it and can convert it, and a provider's 400 (or a file the model never saw)
 * says less. In earlier messages it is left out with a warning instead: it is stored for good
 * (perhaps sent to another provider that took it), and an error would wedge every later turn.
 * @internal
 */
export function untakenMedia(
  item: { type: string; source?: MediaPart['source'] }, message: Message, latest: boolean, messageIndex: number, blockIndex: number, rule: MediaRule | undefined,
): string | undefined {
  const { source } = item;
  if (rule === undefined || source?.kind !== 'base64' || rule.takes(item as MediaPart, source.mediaType, message)) return undefined;
  if (!latest) return `${rule.api} cannot take ${source.mediaType}`;
  throw new ConvologError({
    code: 'unsupported_media_type',
    path: [messageIndex, 'content', blockIndex],
    details: { messageIndex, mediaType: source.mediaType },
    message: `${rule.api} cannot take ${source.mediaType}; nothing was sent. Convert the file to a type it takes, or leave it out.`,
  });
}
