'use client';

import Link from 'next/link';
import { LinkNavigationStatus } from '@/components/layout/navigation-pending';
import { useHydrated } from '@/components/ui/use-hydrated';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const BASE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-base font-semibold transition-colors ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gray-900 ' +
  'disabled:cursor-not-allowed aria-disabled:cursor-not-allowed';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-gray-900 shadow-sm hover:bg-primary-dark disabled:bg-primary-light disabled:text-gray-600 disabled:shadow-none',
  secondary: 'bg-secondary text-white shadow-sm hover:bg-gray-700 disabled:bg-secondary-light disabled:text-gray-600 disabled:shadow-none',
  ghost: 'bg-transparent text-gray-900 underline-offset-2 hover:bg-black/5 hover:underline disabled:text-gray-500',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 disabled:bg-red-200 disabled:text-red-900',
};

export function buttonClass(variant: ButtonVariant = 'primary', className = '') {
  return `${BASE} ${VARIANTS[variant]} ${className}`;
}

type ButtonProps = React.ComponentProps<'button'> & {
  variant?: ButtonVariant;
  /** Shows a small spinner and blocks the button while an action runs. */
  loading?: boolean;
};

/** Yellow primary / grey secondary button with a 44 px touch target and a visible focus ring. */
export function Button({
  variant = 'primary',
  loading = false,
  className = '',
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      {...rest}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClass(variant, className)}
    >
      {loading && (
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
        />
      )}
      {children}
    </button>
  );
}

/**
 * The submit button of a form whose submit is handled in code. It stays disabled until the page has hydrated: a tap
 * before then would submit the form natively, a GET of the same page with the fields in its address, which reloads
 * the page and loses what was typed. Forms that work without scripts (the GET filter forms) use Button.
 */
export function SubmitButton({ disabled, ...rest }: Omit<ButtonProps, 'type'>) {
  const hydrated = useHydrated();
  return <Button {...rest} type="submit" disabled={disabled || !hydrated} />;
}

/**
 * A link that looks like a button (for navigation: Back To Login, Cancel). It does not prefetch when it comes into
 * view (each prefetch is a server render the visitor may never ask for); a caller may still ask with `prefetch`.
 */
export function ButtonLink({
  variant = 'secondary',
  className = '',
  prefetch = false,
  children,
  ...rest
}: React.ComponentProps<typeof Link> & { variant?: ButtonVariant }) {
  return (
    <Link {...rest} prefetch={prefetch} className={buttonClass(variant, className)}>
      {children}
      <LinkNavigationStatus />
    </Link>
  );
}
