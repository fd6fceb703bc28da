// The service worker's caches that hold a user's pages and data (see app/sw.ts): deleted at sign-out and when the
// sign-in page opens, so the next user of the device never sees them. Static files stay cached.
// rfp-pages-stored lists the addresses of the pages the installed worker put in rfp-pages: it goes with them.
export const USER_CACHES = ['rfp-pages', 'rfp-data', 'rfp-pages-stored'];

export async function clearUserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(USER_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
