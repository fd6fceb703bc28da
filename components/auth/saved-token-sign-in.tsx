'use client';

import { signIn } from 'next-auth/react';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';

/**
 * A returning browser with a saved token (an httpOnly cookie the page cannot read; the server
 * only says it exists) is signed in silently. On failure the server removed the cookie: show the login page.
 */
export function SavedTokenSignIn({ callbackUrl, children }: { callbackUrl: string; children: React.ReactNode }) {
  const [state, setState] = useState<'trying' | 'failed'>('trying');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signIn('saved-token', { redirect: false, callbackUrl })
      .then((res) => {
        if (res?.ok && !res.error) window.location.assign(callbackUrl);
        else setState('failed');
      })
      .catch(() => setState('failed'));
  }, [callbackUrl]);
  return state === 'trying' ? <Spinner className="min-h-dvh" /> : <>{children}</>;
}
