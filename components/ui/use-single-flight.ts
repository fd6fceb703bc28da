'use client';

import { useCallback, useRef } from 'react';

/**
 * Runs an action at most once at a time. A double click fires two click events before React re-renders the
 * button as disabled (react-query and react-hook-form report "pending" a tick later), so the guard is a ref
 * that is set synchronously on the first click.
 */
export function useSingleFlight() {
  const running = useRef(false);
  return useCallback(async (action: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    try {
      await action();
    } catch {
      // The action reports its own failure (its mutation's onError, a banner); nothing is left to handle here.
    } finally {
      running.current = false;
    }
  }, []);
}
