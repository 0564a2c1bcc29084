// The parts of the Gemini `generateContent` wire format the adapter reads and writes, written
// from the public API reference. Kept minimal and structural: no dependency on `@google/genai`.
// The request types are subsets of the SDK's `Content`, and the response types accept the SDK's
// `GenerateContentResponse` (checked by test/types).

/** One part of a content. Exactly one data field is set; `thought` and `thoughtSignature` may accompany it. */
export interface GeminiPart {
  text?: string;
  /** A thought summary part. */
  thought?: boolean;
  /** Opaque reasoning state to send back on the same part. */
  thoughtSignature?: string;
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType?: string; fileUri: string };
  functionCall?: { id?: string; name: string; args?: Record<string, unknown> };
  functionResponse?: { id?: string; name: string; response: Record<string, unknown> };
  [field: string]: unknown;
}

/** One turn of a request: roles are `user` and `model` only. */
export interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiPart[];
}

/** Token usage as Gemini reports it. */
export interface GeminiUsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  totalTokenCount?: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
  toolUsePromptTokenCount?: number;
}

/**
 * One part of a received answer, as the SDK's `Part` types it: every field optional, each checked
 * before use. Parts with other fields are kept as `other` blocks.
 */
export interface GeminiResponsePart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  inlineData?: { mimeType?: string; data?: string };
  fileData?: { mimeType?: string; fileUri?: string };
  functionCall?: { id?: string; name?: string; args?: Record<string, unknown> };
}

/** A candidate answer. */
export interface GeminiCandidate {
  content?: { role?: string; parts?: GeminiResponsePart[] };
  finishReason?: string;
  index?: number;
}

/** A `GenerateContentResponse`: the whole answer, or one chunk of `streamGenerateContent`. */
export interface GeminiResponse {
  candidates?: GeminiCandidate[];
  promptFeedback?: { blockReason?: string };
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
}
