/**
 * Somewhere `store.getAttachment` may fetch bytes the store lacks (DESIGN §18): `convolog/sync`
 * with `{ attachments: 'lazy' }` registers one for its server. Registered with
 * `store.addAttachmentFetcher`.
 */
export interface AttachmentFetcher {
  /**
   * The bytes named by `id` (the SHA-256 hex of the bytes) with their media type, or `undefined`
   * when this source does not have them. Throw when it cannot tell (offline, a server error): the
   * error reaches the caller of `getAttachment`, so say in it what to do. The store checks the
   * bytes against the id before it stores or returns them.
   */
  fetchAttachment(id: string): Promise<{ bytes: ArrayBuffer | Uint8Array; mediaType: string } | undefined>;
}
