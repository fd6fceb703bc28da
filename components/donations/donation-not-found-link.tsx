'use client';

import { useSearchParams } from 'next/navigation';
import { IntentButtonLink } from '@/components/layout/intent-link';
import { safeOrigin } from './origin';

/** The edit screen's not-found answer leads back where the edit was opened from (its `from`), as Cancel does. */
export function DonationNotFoundLink({ label }: { label: string }) {
  const from = useSearchParams().get('from') ?? undefined;
  return (
    <IntentButtonLink href={safeOrigin(from)} variant="primary">
      {label}
    </IntentButtonLink>
  );
}
