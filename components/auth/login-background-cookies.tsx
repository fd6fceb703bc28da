'use client';

import { useEffect } from 'react';
import type { LoginBackground } from '@/web/server/login-background';

/**
 * The login-page background data, kept in two cookies (docs/product.md, The sign-in page): fbc-bg (English) and
 * fbc-bg-fr (French), so any page of the site (and the embedded view) can brand itself without another call.
 */
export function LoginBackgroundCookies({ en, fr }: { en: LoginBackground; fr: LoginBackground }) {
  useEffect(() => {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    const entries: [string, LoginBackground][] = [
      ['fbc-bg', en],
      ['fbc-bg-fr', fr],
    ];
    for (const [name, data] of entries)
      document.cookie = `${name}=${encodeURIComponent(JSON.stringify(data))}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  }, [en, fr]);
  return null;
}
