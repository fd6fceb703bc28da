import { RetryButton } from '@/components/ui/retry-button';

/** A screen whose data failed to load: the message and a retry (the server renders it again). */
export function LoadError({ message, retry }: { message: string; retry: string }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-md bg-red-50 p-4 text-red-900">
      <p>{message}</p>
      <RetryButton>{retry}</RetryButton>
    </div>
  );
}

/** next/navigation's redirect() throws; let it through. */
export function isRedirect(err: unknown) {
  return (
    typeof err === 'object' && err !== null && 'digest' in err && String((err as { digest: unknown }).digest).startsWith('NEXT_REDIRECT')
  );
}
