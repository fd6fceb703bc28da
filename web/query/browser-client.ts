// The browser's QueryClient, when a screen that uses react-query has made one. Screens without react-query
// (Monthly Reports, the donation form, the header) reach it through here to drop stale data, without loading
// react-query themselves.
type CacheHandle = {
  invalidateQueries: (filters?: { queryKey?: readonly unknown[] }) => Promise<unknown>;
  cancelQueries: () => Promise<unknown>;
  clear: () => void;
};

let current: CacheHandle | undefined;

export function registerBrowserQueryClient(client: CacheHandle) {
  current = client;
}

/** Marks cached queries stale (all of them, or those under a key) so the next screen refetches. */
export async function invalidateBrowserQueries(queryKey?: readonly unknown[]) {
  await current?.invalidateQueries(queryKey ? { queryKey } : undefined);
}

export async function cancelBrowserQueries() {
  await current?.cancelQueries();
}

export function clearBrowserQueries() {
  current?.clear();
}
