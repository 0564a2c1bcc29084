/** One file of a {@link storedZip}. @internal */
export interface StoredZipFile { name: string; bytes: Uint8Array }

/**
 * A ZIP of `files`, each stored (not deflated: the files of an export are images and PDFs,
 * compressed already), as a `Blob` the engine holds outside the JS heap. What the ZIP importers
 * hand `store.importConversation`: the format-3 ZIP export (`conversation.json` and
 * `attachments/<id>`) carries each file's own bytes, where a JSON export would carry them as base64
 * (a binary string, the base64 and the store's decoding: three more copies of every file).
 * Written by fflate's `Zip` (the store's ZIP library, loaded on demand here too), whose parts go
 * into the Blob as they come: a stored file's bytes are passed through, not copied.
 * @internal
 */
export async function storedZip(files: readonly StoredZipFile[]): Promise<Blob> {
  const { Zip, ZipPassThrough } = await import('fflate');
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error !== null) failure = error;
    else parts.push(data as Uint8Array<ArrayBuffer>);
  });
  for (const { name, bytes } of files) {
    const file = new ZipPassThrough(name);
    zip.add(file);
    file.push(bytes, true);
  }
  zip.end();
  if (failure !== null) throw failure;
  return new Blob(parts, { type: 'application/zip' });
}
