'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { Button } from './button';

/** Retry of a screen rendered on the server: render it again. */
export function RetryButton({ children }: { children: React.ReactNode }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button variant="secondary" loading={pending} onClick={() => startTransition(() => router.refresh())}>
      {children}
    </Button>
  );
}
