'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef } from 'react';
import { LinkNavigationStatus } from '@/components/layout/navigation-pending';
import { buttonClass, type ButtonVariant } from '@/components/ui/button';

// A string href only: the one address both the <a> and router.prefetch use.
type IntentLinkProps = Omit<React.ComponentProps<typeof Link>, 'prefetch' | 'href'> & { href: string };

/**
 * A link of the signed-in screens that prefetches only when the user shows intent (the pointer enters it, it takes
 * the keyboard focus, a finger touches it), not when it enters the viewport. Monthly Reports alone shows twelve
 * month links and Add: prefetched on sight, one visit to `/` cost the server about six times the page it showed
 * (docs/benchmarks.md, a visit's server cost). It stays Next's <Link>, so a real <a href> (keyboard, screen readers,
 * open in a new tab) with client-side navigation on click, and its navigation shows as pending while the next screen
 * renders (navigation-status.tsx).
 */
export function IntentLink({ href, onMouseEnter, onFocus, onTouchStart, children, ...rest }: IntentLinkProps) {
  const router = useRouter();
  const asked = useRef(false);
  const intent = () => {
    // Once per link: Next keeps the prefetched route in its client cache; asking again on every hover would
    // only queue more work for its scheduler.
    if (asked.current) return;
    asked.current = true;
    router.prefetch(href);
  };
  return (
    <Link
      {...rest}
      href={href}
      prefetch={false}
      onMouseEnter={(e) => {
        intent();
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        intent();
        onFocus?.(e);
      }}
      onTouchStart={(e) => {
        intent();
        onTouchStart?.(e);
      }}
    >
      {children}
      <LinkNavigationStatus />
    </Link>
  );
}

/** IntentLink that looks like a button (Add donation): the button styles are applied here, on the client side. */
export function IntentButtonLink({ variant = 'secondary', className = '', ...rest }: IntentLinkProps & { variant?: ButtonVariant }) {
  return <IntentLink {...rest} className={buttonClass(variant, className)} />;
}
