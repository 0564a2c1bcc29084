import type { MediaSource } from '../core/message.js';

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/**
 * The stored source of a UI file part: a base64 data URL becomes base64 data (when it names the
 * part's media type, so the URL can be written back exactly), anything else stays a URL.
 */
export function sourceOfUrl(url: string, mediaType: string): MediaSource {
  const match = DATA_URL.exec(url);
  if (match !== null && match[1] === mediaType) return { kind: 'base64', mediaType, data: match[2]! };
  return { kind: 'url', url, mediaType };
}

/** The URL (or data URL) and media type of a stored source; `undefined` for a provider file, which has no URL. */
export function urlOfSource(source: MediaSource, fallbackMediaType: string): { url: string; mediaType: string } | undefined {
  switch (source.kind) {
    case 'base64':
      return { url: `data:${source.mediaType};base64,${source.data}`, mediaType: source.mediaType };
    case 'url':
      return { url: source.url, mediaType: source.mediaType ?? fallbackMediaType };
    case 'provider_file':
      return undefined;
  }
}
