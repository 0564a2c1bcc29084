/**
 * The provider-data namespace of Google Gemini (`generateContent`). A thought signature lives at
 * `providerData['google-ai'].thoughtSignature` on the block whose part carried it.
 */
export const GOOGLE_AI_NAMESPACE = 'google-ai';
