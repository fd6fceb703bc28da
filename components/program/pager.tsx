import { getTranslations } from 'next-intl/server';
import { IntentLink } from '@/components/layout/intent-link';

const LINK =
  'inline-flex min-h-11 items-center rounded-md bg-white px-4 py-2 font-semibold text-gray-900 shadow-sm ring-1 ring-black/10 hover:bg-primary-light/60 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gray-900';

/**
 * Previous and next page of a long list, with where the reader is ("Page 2 of 11"). Plain links carrying the page
 * in the address, so a page can be shared and Back returns to it; nothing is shown for a single page.
 */
export async function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  const t = await getTranslations('ProgramPager');
  return (
    <nav aria-label={t('label')} className="flex flex-wrap items-center justify-between gap-2">
      {page > 1 ? (
        <IntentLink href={href(page - 1)} rel="prev" className={LINK}>
          <span aria-hidden="true">←&nbsp;</span>
          {t('previous')}
        </IntentLink>
      ) : (
        <span />
      )}
      <p className="text-sm text-gray-800" aria-current="page">
        {t('pageOf', { page, pages })}
      </p>
      {page < pages ? (
        <IntentLink href={href(page + 1)} rel="next" className={LINK}>
          {t('next')}
          <span aria-hidden="true">&nbsp;→</span>
        </IntentLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
