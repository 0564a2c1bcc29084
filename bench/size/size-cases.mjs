// Figure 11's cases: what a consumer's bundle gains from one import of the packed package.
// Each case is one line of consumer code, built with Vite in library mode from the tarball
// installed into a throwaway folder (bench/size/measure-package.mjs). A case whose entry point
// is not in package.json `exports` yet is skipped with a log line, so an engineer adding an
// entry point adds its row here first and the budget applies as soon as the export lands.
//
// Fields: id (figure number), source (the consumer's one line; its `from '…'` names the entry),
// budgetBytes (gzipped bytes it may add; omit to report only), over (measure what the line adds
// to another case's consumer, e.g. to openStore, instead of to an empty one), external (packages
// the app brings itself, left out of the bundle), description (what the row stands for).

/** 1 KB = 1024 bytes. */
export const KB = 1024;

/** @type {readonly SizeCase[]} */
export const SIZE_CASES = [
  {
    id: '11a', description: 'validate alone',
    source: "export { validate } from 'convolog/core';", budgetBytes: 1.5 * KB,
  },
  {
    id: '11b', description: 'all of convolog/core',
    source: "export * from 'convolog/core';", budgetBytes: 20 * KB,
  },
  {
    id: '11c', description: 'openStore',
    source: "export { openStore } from 'convolog';", budgetBytes: 25 * KB,
  },
  {
    // An app that sends messages usually has a store: what one provider adds to it.
    id: '11d', description: 'one provider (OpenAI Chat request and stream) added to openStore',
    source: "export { toOpenAIChatMessages, OpenAIChatStreamAccumulator } from 'convolog/adapters';", over: '11c', budgetBytes: 6 * KB,
  },
  {
    // An app with no store (it converts, sends and shows). The adapters check their input without
    // zod (core's parseMessages) and keep their provider's state in place (keepOwnState), which
    // brought this from 14.0 KB to 6.2 KB; removing code that did the same thing twice brought it
    // under the 6 KB goal (6,127 B). Attachments (issue 24, DESIGN §18) then added what every
    // adapter must run: the reader of `attachment` sources (parseMessages) and the one shared
    // `unresolved_attachment` check in prepareContext, +165 B (6,292 B); no adapter can send a
    // stored reference, and refusing it with a clear code beats a provider's 400. 6.25 KB held that.
    // Resolved media in the provider's own shape (issue 24, DESIGN §18 "as shipped") then added
    // +363 B (6,655 B): which image and file types Chat Completions takes (its file parts are PDF
    // only), pictures given as files sent as images, text files decoded and sent as text, and
    // `unsupported_media_type` for the rest in the latest user message (a warning earlier in the
    // history). Refusing everywhere would save ~64 B, but a stored file would then wedge every
    // later turn; one regex for Chat's types and one shared `why` string measured larger (gzip).
    // 6.625 KB holds it.
    id: '11e', description: 'one provider alone (with the message and pairing checks every adapter runs)',
    source: "export { toOpenAIChatMessages, OpenAIChatStreamAccumulator } from 'convolog/adapters';", budgetBytes: 6.625 * KB,
  },
  {
    id: '11f', description: 'all of convolog/adapters (every provider)',
    source: "export * from 'convolog/adapters';",
  },
  {
    id: '11g', description: 'all of the root entry (core and store)',
    source: "export * from 'convolog';",
  },
  {
    // KNOWN_CONTENT_TYPES sits beside the message schemas: only their pure marks let a bundler
    // drop the schemas, and zod with them, from this consumer.
    id: '11h', description: 'a constant of the schemas\' module (KNOWN_CONTENT_TYPES)',
    source: "export { KNOWN_CONTENT_TYPES } from 'convolog/core';", budgetBytes: 0.25 * KB,
  },
  {
    id: '11i', description: 'all of convolog/importers',
    source: "export * from 'convolog/importers';",
  },
  {
    id: '11j', description: 'all of convolog/sync, added to openStore',
    source: "export * from 'convolog/sync';", over: '11c',
  },
  {
    id: '11k', description: 'all of convolog/ai-sdk, added to openStore (the AI SDK itself is the app\'s)',
    source: "export * from 'convolog/ai-sdk';", over: '11c', budgetBytes: 6 * KB, external: [/^ai(\/|$)/, /^@ai-sdk\//],
  },
  {
    id: '11l', description: 'all of convolog/react, added to openStore (React is the app\'s)',
    source: "export * from 'convolog/react';", over: '11c', budgetBytes: 3 * KB, external: [/^react(\/|$)/, /^react-dom(\/|$)/],
  },
];

/**
 * @typedef {object} SizeCase
 * @property {string} id
 * @property {string} description
 * @property {string} source
 * @property {number} [budgetBytes]
 * @property {RegExp[]} [external]
 * @property {string} [over] the id of a case this one is added to: the gain is measured over that
 *   case's bundle (both lines in one consumer) instead of over an empty consumer
 */

/** The package subpath a case imports: `'convolog/core'` → `'./core'`, `'convolog'` → `'.'`. */
export function entryOf(sizeCase) {
  const specifier = /from '([^']+)'/.exec(sizeCase.source)?.[1];
  if (!specifier || !(specifier === 'convolog' || specifier.startsWith('convolog/'))) {
    throw new Error(`size case ${sizeCase.id} must import from 'convolog' or 'convolog/…': ${sizeCase.source}`);
  }
  return specifier === 'convolog' ? '.' : `.${specifier.slice('convolog'.length)}`;
}
