import type { StorageEstimate } from '../types/options.js';

interface StorageManagerLike {
  estimate?: () => Promise<{ usage?: number; quota?: number; usageDetails?: Record<string, number> }>;
  persisted?: () => Promise<boolean>;
  persist?: () => Promise<boolean>;
}

function storageManager(): StorageManagerLike | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return (navigator as { storage?: StorageManagerLike }).storage;
}

/**
 * `store.estimateStorage`: what `navigator.storage` tells about usage, quota and persistence.
 * Fields the platform does not report (no `navigator.storage` in some contexts) are absent; it
 * never throws for that.
 * @internal
 */
export async function estimateStorage(): Promise<Omit<StorageEstimate, 'attachments' | 'parts'>> {
  const storage = storageManager();
  const result: Omit<StorageEstimate, 'attachments' | 'parts'> = {};
  if (storage === undefined) return result;
  try {
    const estimate = await storage.estimate?.();
    if (typeof estimate?.usage === 'number') result.usage = estimate.usage;
    if (typeof estimate?.quota === 'number') result.quota = estimate.quota;
    if (typeof estimate?.usageDetails === 'object') result.usageDetails = estimate.usageDetails;
  } catch {
    // Refused (e.g. an opaque origin): report what is known.
  }
  try {
    const persisted = await storage.persisted?.();
    if (typeof persisted === 'boolean') result.persisted = persisted;
  } catch {
    // As above.
  }
  return result;
}

/**
 * `store.requestPersistence`: asks the browser to keep this site's data under storage pressure.
 * `false` where `persist()` is unavailable or the browser refuses.
 * @internal
 */
export async function requestPersistence(): Promise<boolean> {
  const storage = storageManager();
  if (typeof storage?.persist !== 'function') return false;
  try {
    return (await storage.persist()) === true;
  } catch {
    return false;
  }
}
