'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { CHANGE_EVENT, PENDING_HINT } from '@/web/offline/entries';

// The list's code (and IndexedDB's) is loaded only on a device that has something in its outbox.
const WaitingList = dynamic(() => import('./waiting-list').then((m) => m.WaitingList), { ssr: false });

function pendingOnDevice(): boolean {
  try {
    return !!localStorage.getItem(PENDING_HINT);
  } catch {
    return true;
  }
}

/** The 'waiting to send' list of the month page and Monthly Reports, when this device has queued donations. */
export function WaitingListSlot(props: { year?: number; month?: number; origin: string }) {
  const [pending, setPending] = useState(false);
  useEffect(() => {
    const update = () => setPending((was) => was || pendingOnDevice());
    update();
    window.addEventListener(CHANGE_EVENT, update);
    return () => window.removeEventListener(CHANGE_EVENT, update);
  }, []);
  return pending ? <WaitingList {...props} /> : null;
}
