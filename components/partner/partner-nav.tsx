import { getTranslations } from 'next-intl/server';
import { IntentLink } from '@/components/layout/intent-link';

type PartnerTab = 'figures' | 'lines' | 'statements' | 'manifests';

const TABS: { key: PartnerTab; href: string }[] = [
  { key: 'figures', href: '/partner' },
  { key: 'lines', href: '/partner/lines' },
  { key: 'statements', href: '/partner/statements' },
  { key: 'manifests', href: '/partner/manifests' },
];

/**
 * The retail partner's screens as tabs. Each page names its own tab, so the row is rendered on the server
 * (no script reads the address for it); it scrolls sideways on a narrow phone like the program's tabs.
 */
export async function PartnerNav({ current }: { current: PartnerTab }) {
  const t = await getTranslations('Partner.nav');
  return (
    <nav aria-label={t('label')} className="-mx-3 mb-4 overflow-x-auto px-3 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-secondary-light">
        {TABS.map((tab) => (
          <li key={tab.key}>
            <IntentLink
              href={tab.href}
              aria-current={tab.key === current ? 'page' : undefined}
              className={`-mb-px inline-flex min-h-11 items-center border-b-4 px-3 text-sm font-semibold ${
                tab.key === current
                  ? 'border-primary-dark text-gray-900'
                  : 'border-transparent text-gray-700 hover:border-secondary-light hover:text-gray-900'
              }`}
            >
              {t(tab.key)}
            </IntentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
