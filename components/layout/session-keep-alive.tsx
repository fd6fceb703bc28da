'use client';

import { useEffect } from 'react';

const EVERY_MS = 10 * 60 * 1000;

/**
 * Single sign-on users: ask next-auth for the session now and then, so its jwt callback can renew the API token
 * with the provider's refresh token before it expires (silent renewal while the provider's session lasts).
 * Only while the tab is visible; nothing is rendered.
 */
export function SessionKeepAlive() {
  useEffect(() => {
    const ping = () => {
      if (document.visibilityState === 'visible')
        void fetch('/api/auth/session', { credentials: 'same-origin', cache: 'no-store' }).catch(() => undefined);
    };
    const timer = window.setInterval(ping, EVERY_MS);
    document.addEventListener('visibilitychange', ping);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', ping);
    };
  }, []);
  return null;
}
