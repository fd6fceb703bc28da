import { getTranslations } from 'next-intl/server';
import { LBS_PER_MEAL, MEALS_SOURCE_URL } from '@/lib/domain/impact';
import type { PartnerFigures } from '@/lib/domain/partner';
import type { PartnerFormats } from './partner-formats';

/** The period's three figures as cards, with where the meal count comes from (as on the branch screens). */
export async function PartnerSummary({ figures, f }: { figures: PartnerFigures; f: PartnerFormats }) {
  const t = await getTranslations('Partner.figures');
  const { totals } = figures;
  const cards = [
    { key: 'pounds', label: t('pounds'), value: t('poundsValue', { weight: f.pounds(totals.pounds) }) },
    { key: 'co2e', label: t('co2e'), value: t('co2eValue', { kg: f.pounds(totals.kgCo2e) }) },
    { key: 'meals', label: t('meals'), value: t('mealsValue', { meals: f.whole(totals.meals) }) },
  ];
  return (
    <section aria-labelledby="partner-summary" className="flex flex-col gap-2">
      <h3 id="partner-summary" className="text-lg font-bold text-gray-900">
        {t('period', { from: f.yearMonth(figures.from), to: f.yearMonth(figures.to) })}
      </h3>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {cards.map((c) => (
          <div key={c.key} className="flex flex-col gap-1 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5">
            <dt className="text-sm text-gray-700">{c.label}</dt>
            <dd className="text-2xl font-bold text-gray-900 tabular-nums" data-testid={`partner-${c.key}`}>
              {c.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-gray-800" data-testid="meals-source">
        {t('mealsNote', { lbs: f.pounds(LBS_PER_MEAL) })}{' '}
        <a href={MEALS_SOURCE_URL} className="underline" rel="noopener noreferrer" target="_blank">
          {t('mealsLink')}
        </a>
      </p>
    </section>
  );
}

/** Months of the period some food bank serving these stores has not submitted: said plainly, before the figures. */
export async function OpenMonthsNote({ figures, f }: { figures: PartnerFigures; f: PartnerFormats }) {
  if (!figures.openMonths.length) return null;
  const t = await getTranslations('Partner.figures');
  // One line per month, naming its food banks, rather than one line per food bank and month.
  const byMonth = new Map<string, string[]>();
  const list = new Intl.ListFormat(f.tag, { type: 'conjunction' });
  for (const o of figures.openMonths) {
    const name = o.province ? t('branchInProvince', { branch: o.branchName, province: f.province(o.province) }) : o.branchName;
    byMonth.set(o.month, [...(byMonth.get(o.month) ?? []), name]);
  }
  return (
    <section
      aria-labelledby="open-months"
      className="rounded-lg border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950"
      data-testid="open-months"
    >
      <h3 id="open-months" className="font-bold">
        {t('openTitle')}
      </h3>
      <p className="mt-1 text-sm">{t('openText')}</p>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm">
        {[...byMonth].map(([month, branches]) => (
          <li key={month}>{t('openItem', { month: f.yearMonth(month), branches: list.format(branches) })}</li>
        ))}
      </ul>
    </section>
  );
}
