import { getLocale, getTranslations } from 'next-intl/server';
import type { DonationAnswer } from '@/lib/domain/answers';
import { Source } from '@/lib/domain/enums';
import { appTimeZone } from '@/web/server/env';
import { programFormats } from './formats';

/** A food bank's donation as program coordinators see it (read only): what was entered, by whom, changed by whom. */
export async function DonationReadOnly({ donation: d }: { donation: DonationAnswer }) {
  const t = await getTranslations('ProgramBranch');
  const locale = await getLocale();
  const f = programFormats(locale, appTimeZone());
  const rows: [string, string][] = [
    [t('date'), f.day(d.date)],
    [t('store'), d.store.displayName],
    [t('source'), t(d.source === Source.FrontStore ? 'sourceFront' : 'sourceBack')],
    [t('weight'), t('pounds', { weight: f.pounds(d.weightInPounds) })],
    [
      t('categories'),
      d.categories
        .filter((c) => c.fraction > 0)
        .map((c) => `${locale === 'fr' ? c.category.nameFr : c.category.name} ${f.percent(c.fraction)}`)
        .join(', '),
    ],
    [t('createdBy'), d.createdByName ?? d.createdBy ?? '—'],
    [t('updatedBy'), d.updatedByName ?? d.updatedBy ?? '—'],
  ];
  return (
    <section aria-labelledby="donation-read-only" className="flex flex-col gap-2">
      <h2 id="donation-read-only" className="text-xl font-bold">
        {t('donationOf', { date: f.day(d.date) })}
      </h2>
      <p className="text-sm text-gray-800">{t('readOnly')}</p>
      <dl className="grid gap-x-4 gap-y-1 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-black/5 sm:grid-cols-[auto_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-semibold text-gray-800">{k}</dt>
            <dd className="mb-1 text-gray-900 sm:mb-0">{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
