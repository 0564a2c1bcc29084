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
