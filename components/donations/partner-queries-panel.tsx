import { getTranslations } from 'next-intl/server';
import { PartnerQueryList } from '@/components/partner-queries/query-list';
import type { PartnerQuery } from '@/lib/domain/partner';

const TITLE_ID = 'partner-queries-title';

/**
 * The month page's "Questions from retail partners": what partners asked about this month's lines, and the food
 * bank's answers. Rendered on the server and only for a month with questions, so a month without any gets no panel
 * and none of its code (the answer form is loaded by the slot of an open question only).
 */
export async function PartnerQueriesPanel({ queries }: { queries: PartnerQuery[] }) {
  if (queries.length === 0) return null;
  const t = await getTranslations('PartnerQueries');
  const open = queries.filter((q) => q.status === 'open').length;
  return (
    <section
      aria-labelledby={TITLE_ID}
      data-testid="partner-queries"
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5"
    >
      {/* Focusable from code: an answer sent moves the focus here, since its form leaves the panel. */}
      <h2 id={TITLE_ID} tabIndex={-1} className="text-lg font-bold text-gray-900 focus:outline-none">
        {t('title')}
      </h2>
      <p className="text-sm text-gray-800">
        {open > 0 ? t('branchIntroOpen', { count: open }) : t('branchIntroAnswered')} {t('branchHowTo')}
      </p>
      <PartnerQueryList queries={queries} heading="h3" program={false} canAnswer focusAfter={TITLE_ID} />
    </section>
  );
}
