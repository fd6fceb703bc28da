'use client';

import { Button } from '@/components/ui/button';

/** A list the screen reads in the browser that failed to load: the message and a retry of that read alone. */
export function ListLoadError({ message, retry, onRetry }: { message: string; retry: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2 text-red-900">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}
