'use client';

import { useEffect } from 'react';
import { clearUserCaches } from '@/web/offline/caches';

/** Signed-out pages: no page or data of the last user stays in the service worker's caches (also after an expiry). */
export function ClearUserCaches() {
  useEffect(() => {
    void clearUserCaches();
  }, []);
  return null;
}
