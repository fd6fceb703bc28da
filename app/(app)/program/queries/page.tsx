import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { IntentLink } from '@/components/layout/intent-link';
import { PartnerQueryList } from '@/components/partner-queries/query-list';
import { LoadError } from '@/components/program/load-error';
import { screenApiOrNull } from '@/web/server/optional-screen-data';
import { guardScreen } from '@/web/server/screen-guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('PartnerQueries');
  return { title: t('pageTitle') };
}

const STATUSES = ['open', 'answered'] as const;
const TITLE_ID = 'partner-queries-title';

/**
 * /program/queries: retail partners' questions about donation lines of the food banks in the reader's scope, open or
 * answered (?status=, in the address so a view can be shared). Administrators answer here; each line links to the
 * food bank's month, where a wrong donation is corrected (a submitted month is reopened first).
 */
async function ProgramQueriesPage({ searchParams }: PageProps<'/program/queries'>) {
  const user = await guardScreen('program-staff');
  const sp = await searchParams;
  const status = sp.status === 'answered' ? 'answered' : 'open';
  const [t, data] = await Promise.all([
    getTranslations('PartnerQueries'),
    screenApiOrNull('/program/partner-queries', { params: { query: { status } }, returnTo: `/program/queries?status=${status}` }),
  ]);
  const admin = user.program?.role === 'admin';
  return (
    <div className="flex flex-col gap-4">
      {/* Focusable from code: an answer sent moves the focus here, since its form leaves the list. */}
      <h1 id={TITLE_ID} tabIndex={-1} className="text-2xl font-bold text-gray-900 focus:outline-none">
        {t('pageTitle')}
      </h1>
      <p className="text-gray-800">{t('intro')}</p>
      {!admin && <p className="text-gray-800">{t('coordinatorNote')}</p>}
      <nav aria-label={t('tabsLabel')}>
        <ul className="flex gap-1 border-b border-secondary-light">
          {STATUSES.map((s) => (
            <li key={s}>
              <IntentLink
                href={`/program/queries?status=${s}`}
                aria-current={s === status ? 'true' : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-4 px-3 text-sm font-semibold ${
                  s === status ? 'border-primary-dark text-gray-900' : 'border-transparent text-gray-700 hover:text-gray-900'
                }`}
              >
                {t(s === 'open' ? 'tabOpen' : 'tabAnswered')}
              </IntentLink>
            </li>
          ))}
        </ul>
      </nav>
      {!data ? (
        <LoadError message={t('loadError')} retry={t('retry')} />
      ) : data.queries.length === 0 ? (
        <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{t(status === 'open' ? 'emptyOpen' : 'emptyAnswered')}</p>
      ) : (
        <>
          <p role="status" className="text-sm text-gray-800">
            {t(status === 'open' ? 'countOpen' : 'countAnswered', { count: data.queries.length })}
          </p>
          <PartnerQueryList queries={data.queries} heading="h2" program canAnswer={admin && status === 'open'} focusAfter={TITLE_ID} />
        </>
      )}
    </div>
  );
}

export default withPageMessages('programQueries', ProgramQueriesPage);
