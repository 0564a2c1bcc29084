// Everything of attachments that no store needs until it first stores or reads bytes (hashing,
// chunking, reading, measuring, moving inline media), behind one dynamic import(): one chunk on
// demand, and what it shares with the up-front code stays in one place there too.
export { getAttachment } from './get-attachment.js';
export { moveInlineMedia } from './move-inline-media.js';
export { putAttachment } from './put-attachment.js';
