import { ConvologError } from '../../core/error.js';
import { fromBase64 } from '../attachments/base64.js';
import { sha256Hex } from '../attachments/put-attachment.js';
import type { ExportedAttachment } from './conversation-export.js';

/** An attachment an import carries, its bytes checked against its id. @internal */
export interface CarriedAttachment { id: string; mediaType: string; size: number; filename?: string; bytes: Uint8Array }

/**
 * The `attachments` section of an export, checked for shape (`invalid_history` with the path of
 * the first bad field); `[]` when absent. `withData`: each item must carry its bytes as base64
 * (JSON and JSON Lines); in a ZIP they are files instead.
 * @internal
 */
export function attachmentSection(data: Record<string, unknown>, withData: boolean): ExportedAttachment[] {
  const section = data.attachments;
  if (section === undefined) return [];
  if (!Array.isArray(section)) throw invalid(['attachments'], '`attachments` must be an array');
  return section.map((item: unknown, index) => {
    const value = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const field = (name: string, type: string, optional = false): void => {
      if (optional && value[name] === undefined) return;
      if (typeof value[name] !== type) throw invalid(['attachments', index, name], `attachment ${index} needs \`${name}\` as a ${type}`);
    };
    field('id', 'string');
    field('mediaType', 'string');
    field('size', 'number');
    field('filename', 'string', true);
    field('data', 'string', !withData);
    const { id, mediaType, size, filename, data: base64 } = value as unknown as ExportedAttachment;
    return { id, mediaType, size, ...(filename === undefined ? {} : { filename }), ...(base64 === undefined ? {} : { data: base64 }) };
  });
}

/** The base64 bytes of a JSON section's attachments, each checked against its id. @internal */
export async function carriedFromSection(section: readonly ExportedAttachment[]): Promise<CarriedAttachment[]> {
  const carried: CarriedAttachment[] = [];
  for (const [index, attachment] of section.entries()) carried.push(await checkBytes(attachment, decode(attachment.data!, index)));
  return carried;
}

/**
 * Untrusted input: the bytes must hash (SHA-256) to the attachment's id and have its declared
 * size, or the import is refused with `attachment_mismatch`, nothing written. Otherwise a
 * tampered file could slip other bytes under an id another chat references.
 * @internal
 */
export async function checkBytes(attachment: ExportedAttachment, bytes: Uint8Array): Promise<CarriedAttachment> {
  const actual = await sha256Hex(bytes);
  if (actual !== attachment.id || bytes.byteLength !== attachment.size) {
    throw new ConvologError({
      code: 'attachment_mismatch',
      details: { attachmentId: attachment.id, sha256: actual, size: bytes.byteLength, declaredSize: attachment.size },
      message: `The bytes given for attachment "${attachment.id}" hash to "${actual}" (${bytes.byteLength} of ${attachment.size} bytes): ` +
        'the export was damaged or tampered with. Nothing was imported: export the conversation again from its source.',
    });
  }
  const { data: _data, ...metadata } = attachment;
  return { ...metadata, bytes };
}

function decode(data: string, index: number): Uint8Array {
  try {
    return fromBase64(data);
  } catch (error) {
    throw new ConvologError({
      code: 'invalid_history', path: ['attachments', index, 'data'], cause: error,
      message: `Attachment ${index} of the import holds data that is not base64. Nothing was imported.`,
    });
  }
}

function invalid(path: (string | number)[], message: string): ConvologError {
  return new ConvologError({ code: 'invalid_history', path, message: `Invalid import: ${message}. Nothing was imported.` });
}
