import { getTranslations } from 'next-intl/server';
import type { PartnerQuery } from '@/lib/domain/partner';
import { storeLabel, type PartnerFormats } from './partner-formats';
import { QUERY_KIND_TEXT } from './query-kinds';

/** 'Your queries': every query the partner's people sent, newest first as the API lists them, with its answer. */
export async function PartnerQueries({ queries, f }: { queries: PartnerQuery[]; f: PartnerFormats }) {
  const t = await getTranslations('Partner.queries');
  const tl = await getTranslations('PartnerLines');
  return (
    <section aria-labelledby="your-queries" className="flex flex-col gap-3" data-testid="your-queries">
      <h3 id="your-queries" className="text-lg font-bold text-gray-900">
        {t('title')}
      </h3>
      {queries.length === 0 ? (
        <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{t('empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {queries.map((q) => (
            <li key={q.id} className="flex flex-col gap-2 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5" data-testid="query-item">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-gray-900">
                  {t('line', {
                    date: f.day(q.date),
                    store: storeLabel({ name: q.storeName, number: q.storeNumber }),
                    branch: q.branchName,
                    pounds: t('poundsValue', { weight: f.pounds(q.pounds) }),
                  })}
                </p>
                <span
                  className={`inline-flex rounded-full px-2 py-0.5 text-sm font-semibold ${
                    q.status === 'open' ? 'bg-amber-100 text-amber-950' : 'bg-green-100 text-green-950'
                  }`}
                >
                  {q.status === 'open' ? t('statusOpen') : t('statusAnswered')}
                </span>
              </div>
              <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                <dt className="text-gray-700">{t('kind')}</dt>
                <dd className="text-gray-900">{tl(QUERY_KIND_TEXT[q.kind])}</dd>
                <dt className="text-gray-700">{t('reason')}</dt>
                <dd className="break-words whitespace-pre-line text-gray-900">{q.reason}</dd>
                <dt className="text-gray-700">{t('asked')}</dt>
                <dd className="text-gray-900">{f.instant(q.askedAt)}</dd>
                {q.answer && (
                  <>
                    <dt className="text-gray-700">{t('answer')}</dt>
                    <dd className="break-words whitespace-pre-line text-gray-900" data-testid="query-answer">
                      {q.answer}
                    </dd>
                  </>
                )}
                {q.answeredAt && (
                  <>
                    <dt className="text-gray-700">{t('answered')}</dt>
                    <dd className="text-gray-900">{f.instant(q.answeredAt)}</dd>
                  </>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
