'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { getQueryClient } from '@/web/query/get-query-client';

/** react-query for the screens that fetch from the browser (month donations, organisation details, feedback). */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
