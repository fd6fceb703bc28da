'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from 'next-auth/react';
import type { Session } from 'next-auth';
import { getQueryClient } from '@/lib/query/get-query-client';
import { BannerProvider } from './ui/banner';

export function Providers({ session, children }: { session: Session | null; children: React.ReactNode }) {
  const queryClient = getQueryClient();
  return (
    <SessionProvider session={session} refetchOnWindowFocus={false}>
      <QueryClientProvider client={queryClient}>
        <BannerProvider>{children}</BannerProvider>
      </QueryClientProvider>
    </SessionProvider>
  );
}
