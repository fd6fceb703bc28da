import { useLocale, useTranslations } from 'next-intl';
import { LBS_PER_MEAL, MEALS_SOURCE_URL } from '@/lib/domain/impact';
import type { PeriodTotals } from '@/lib/domain/summary';
import { makeNumberFormats } from './number-formats';

// Totals, category mix and impact of a period (a month or a year). No client state: rendered on the server
// for the monthly reports and in the browser under a month's list.

export function PeriodTotalsView({ totals, title, testId }: { totals: PeriodTotals; title: string; testId?: string }) {
  const t = useTranslations('Totals');
  const locale = useLocale();
  const f = makeNumberFormats(locale);
  const total = totals.totalPounds;
  const share = (lbs: number) => (total > 0 ? f.percent(lbs / total) : f.percent(0));
  const headingId = `${testId ?? 'totals'}-title`;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5"
      data-testid={testId}
    >
      <h3 id={headingId} className="text-base font-bold text-gray-900">
        {title}
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label={t('totalPounds')} value={t('pounds', { weight: f.pounds(total) })} testId="total-pounds" />
        <Figure label={t('donations')} value={f.whole(totals.count)} testId="donation-count" />
        <Figure
          label={t('frontStore')}
          value={t('poundsShare', { weight: f.pounds(totals.frontStorePounds), share: share(totals.frontStorePounds) })}
          testId="front-pounds"
        />
        <Figure
          label={t('backStore')}
          value={t('poundsShare', { weight: f.pounds(totals.backStorePounds), share: share(totals.backStorePounds) })}
          testId="back-pounds"
        />
      </dl>

      <div>
        <h4 className="text-sm font-semibold text-gray-800">{t('categoryMix')}</h4>
        {totals.categories.length === 0 ? (
          <p className="text-sm text-gray-700">{t('noDonations')}</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1.5" data-testid="category-mix">
            {totals.categories.map((c) => (
              <li key={c.categoryId} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)] items-center gap-2 text-sm">
                <span className="text-gray-900">
                  {t('categoryShare', {
                    category: locale === 'fr' ? c.nameFr : c.name,
                    share: f.percent(c.share),
                    weight: f.pounds(c.pounds),
                  })}
                </span>
                <span aria-hidden="true" className="h-3 rounded-full bg-secondary-light">
                  <span className="block h-3 rounded-full bg-primary-dark" style={{ width: `${Math.min(100, c.share * 100)}%` }} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="rounded-md bg-green-50 p-3 text-green-950" data-testid="impact">
        <h4 className="text-sm font-semibold">{t('impact')}</h4>
        <dl className="mt-1 grid grid-cols-1 gap-2 sm:grid-cols-2">
          <Figure label={t('ghgLabel')} value={t('ghgValue', { kg: f.oneDecimal(totals.ghgKgCo2e) })} testId="ghg" />
          <Figure label={t('mealsLabel')} value={t('mealsValue', { meals: f.whole(totals.meals) })} testId="meals" />
        </dl>
        <p className="mt-2 text-xs">
          {t('factorsNote', { lbs: f.pounds(LBS_PER_MEAL) })}{' '}
          <a href={MEALS_SOURCE_URL} className="underline" rel="noopener noreferrer" target="_blank">
            {t('factorsLink')}
          </a>
        </p>
      </div>
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-gray-700">{label}</dt>
      <dd className="font-bold text-gray-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
