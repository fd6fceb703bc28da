'use client';

import { useLinkStatus } from 'next/link';
import { useRouter } from 'next/navigation';
import { createContext, useCallback, useContext, useEffect, useTransition } from 'react';

// The navigations under way, as the links and the app's own navigations report them to NavigationStatusProvider
// (navigation-status.tsx, which shows them). Kept apart from it so the links carry no messages of their own.

/** Registers one pending navigation; the returned function ends it. */
export type Report = () => () => void;
export const NavigationStatusContext = createContext<Report | null>(null);

/** Counts a navigation as under way while `pending` is true (no-op outside the signed-in screens). */
export function useNavigationPending(pending: boolean) {
  const report = useContext(NavigationStatusContext);
  useEffect(() => (pending && report ? report() : undefined), [pending, report]);
}

/** Rendered inside a next/link: reports that link's navigation while it waits for the next screen. */
export function LinkNavigationStatus() {
  const { pending } = useLinkStatus();
  useNavigationPending(pending);
  return null;
}

/**
 * router.push / router.replace in a transition, so the navigation they start counts as pending until the next screen
 * is shown; `pending` lets the control that started it show its own busy state too.
 */
export function usePendingRouter() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  useNavigationPending(pending);
  const push = useCallback((href: string) => startTransition(() => router.push(href)), [router]);
  const replace = useCallback(
    (href: string, options?: { scroll?: boolean }) => startTransition(() => router.replace(href, options)),
    [router],
  );
  return { push, replace, pending };
}
