// What the demo's database holds, read raw in the page: not through the app, which hides chats
// whose delete waits out its Undo window.
import type { Page } from 'playwright-core';

/** The chats stored in the page's IndexedDB, read raw (not through the app, which hides pending deletes). */
export function storedChatCount(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve, reject) => {
    const request = indexedDB.open('convolog');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const count = request.result.transaction('conversations').objectStore('conversations').count();
      count.onsuccess = () => {
        request.result.close();
        resolve(count.result);
      };
    };
  }));
}

/** The attachments stored in the page's IndexedDB (DESIGN §18's `attachments` store), read raw. */
export function storedAttachmentCount(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve, reject) => {
    const request = indexedDB.open('convolog');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const count = request.result.transaction('attachments').objectStore('attachments').count();
      count.onsuccess = () => {
        request.result.close();
        resolve(count.result);
      };
    };
  }));
}

/**
 * Deletes every attachment's bytes and metadata behind the store's back, leaving the messages'
 * references: what a device sees when a chat was synced to it without its files.
 */
export function dropAttachmentBytes(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve, reject) => {
    const request = indexedDB.open('convolog');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const transaction = request.result.transaction(['attachments', 'attachmentChunks'], 'readwrite');
      transaction.objectStore('attachments').clear();
      transaction.objectStore('attachmentChunks').clear();
      transaction.oncomplete = () => {
        request.result.close();
        resolve();
      };
      transaction.onerror = () => reject(transaction.error);
    };
  }));
}
