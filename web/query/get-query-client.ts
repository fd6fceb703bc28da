import { QueryClient, isServer } from '@tanstack/react-query';
import { BffError } from './bff';
import { registerBrowserQueryClient } from './browser-client';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: (count, err) => count < 2 && !(err instanceof BffError && err.status < 500) } },
  });
}

let browserQueryClient: QueryClient | undefined;

/** One QueryClient per request on the server, a singleton in the browser (no cross-request leaks). */
export function getQueryClient() {
  if (isServer) return makeQueryClient();
  if (!browserQueryClient) {
    browserQueryClient = makeQueryClient();
    registerBrowserQueryClient(browserQueryClient);
  }
  return browserQueryClient;
}

export { BffError } from './bff';
