/**
 * The provider-data namespace of Anthropic Messages. Thinking signatures live at
 * `providerData.anthropic.signature` on a reasoning block (redacted thinking: empty text and
 * `providerData.anthropic.redactedData`).
 */
export const ANTHROPIC_NAMESPACE = 'anthropic';
