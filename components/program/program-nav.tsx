'use client';

import { IntentLink } from '@/components/layout/intent-link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useAppSession } from '@/components/layout/use-app-session';

type NavKey =
  | 'oversight'
  | 'year'
  | 'totals'
  | 'reliability'
  | 'marked'
  | 'queries'
  | 'audit'
  | 'partnerReport'
  | 'users'
  | 'branches'
  | 'stores'
  | 'mail'
  | 'reconciliation';

/** The program's screens. Audit trail, users, food banks, stores and outgoing mail are for program administrators only. */
export const PROGRAM_LINKS: { key: NavKey; href: string; adminOnly?: boolean }[] = [
  { key: 'oversight', href: '/program' },
  { key: 'year', href: '/program/year' },
  { key: 'totals', href: '/program/totals' },
  { key: 'reliability', href: '/program/reliability' },
  { key: 'marked', href: '/program/marked' },
  { key: 'queries', href: '/program/queries' },
  { key: 'audit', href: '/program/audit', adminOnly: true },
  { key: 'partnerReport', href: '/program/partner-report' },
  { key: 'reconciliation', href: '/program/reconciliation' },
  { key: 'users', href: '/program/users', adminOnly: true },
  { key: 'branches', href: '/program/branches', adminOnly: true },
  { key: 'stores', href: '/program/stores', adminOnly: true },
  { key: 'mail', href: '/program/mail', adminOnly: true },
];

/** Whether a link is the current screen: /program exactly, the others with what lies below them. */
function isCurrent(path: string, href: string) {
  return href === '/program' ? path === href : path === href || path.startsWith(`${href}/`);
}

/** The program's navigation: a row of tabs that scrolls sideways on a phone. */
export function ProgramNav() {
  const t = useTranslations('ProgramNav');
  const path = usePathname();
  const { user } = useAppSession();
  const admin = user?.program?.role === 'admin';
  return (
    <nav aria-label={t('label')} className="-mx-3 mb-4 overflow-x-auto px-3 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-secondary-light">
        {PROGRAM_LINKS.filter((l) => admin || !l.adminOnly).map((l) => {
          const current = isCurrent(path, l.href);
          return (
            <li key={l.key}>
              <IntentLink
                href={l.href}
                aria-current={current ? 'page' : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-4 px-3 text-sm font-semibold ${
                  current
                    ? 'border-primary-dark text-gray-900'
                    : 'border-transparent text-gray-700 hover:border-secondary-light hover:text-gray-900'
                }`}
              >
                {t(l.key)}
              </IntentLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
