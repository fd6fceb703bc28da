import { getTranslations } from 'next-intl/server';
import { IntentLink } from '@/components/layout/intent-link';

/**
 * /program's line on retail partners' open questions, beside the reopening requests it sits with: how many wait
 * for an answer, and the way to them. Nothing when none waits.
 */
export async function OpenQueriesNotice({ count }: { count: number }) {
  if (count === 0) return null;
  const t = await getTranslations('PartnerQueries');
  return (
    <section
      aria-labelledby="open-queries-title"
      data-testid="open-partner-queries"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5"
    >
      <h2 id="open-queries-title" className="text-lg font-bold text-gray-900">
        {t('title')}
        <span className="ml-2 rounded-full bg-primary px-2 text-sm">{count}</span>
      </h2>
      <p className="text-gray-800">{t('noticeText', { count })}</p>
      <IntentLink href="/program/queries" className="font-semibold text-gray-900 underline underline-offset-2">
        {t('noticeLink')}
      </IntentLink>
    </section>
  );
}
