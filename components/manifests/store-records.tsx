import { getLocale, getTranslations } from 'next-intl/server';
import { IntentButtonLink } from '@/components/layout/intent-link';
import { parseCalendarDate } from '@/lib/domain/dates';
import { screenApi, screenSession } from '@/web/server/screen-data';
import { makeDonationFormats } from '@/components/donations/formats';

/**
 * "Store records": what the stores the branch collects from recorded for the month, beside what the branch typed.
 * A record the branch has nothing for comes with one link to the add form prefilled from it (confirming instead of
 * typing); a figure that differs links to the donation to check. Nothing here changes a donation by itself.
 */
export async function StoreRecords({ year, month }: { year: number; month: number }) {
  const t = await getTranslations('StoreRecords');
  const locale = await getLocale();
  const f = makeDonationFormats(locale);
  const { branchId } = await screenSession();
  const here = `/donations/${year}/${month}/store-records`;
  const data = await screenApi('/branch/{branchId}/reconciliation', {
    params: { path: { branchId }, query: { year, month } },
    returnTo: here,
  });
  const lb = new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 1 });
  const pct = new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { style: 'percent', maximumFractionDigits: 0 });
  const day = (iso: string) => {
    const d = parseCalendarDate(iso)!;
    return f.dayMonth(d.year, d.month, d.day);
  };
  const s = data.summary;
  return (
    <section className="flex flex-col gap-4 rounded-md bg-white p-4 shadow-sm" aria-labelledby="store-records-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="store-records-title" className="text-xl font-bold text-gray-900">
          {t('heading', { month: f.monthLong(year, month) })}
        </h2>
        <IntentButtonLink href={`/donations/${year}/${month}`} variant="ghost">
          {t('backToMonth')}
        </IntentButtonLink>
      </div>
      <p className="text-gray-900" data-testid="store-records-summary">
        {s.share === null
          ? t('nothing')
          : t('summary', {
              share: pct.format(s.share),
              matched: s.matched,
              differs: s.differs,
              one: s.manifestOnly + s.donationOnly,
              tolerance: data.tolerancePercent,
            })}
      </p>
      {data.items.length > 0 && (
        <ul className="flex flex-col divide-y divide-gray-200" data-testid="store-records">
          {data.items.map((i, n) => (
            <li key={n} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-kind={i.kind}>
              <div className="flex flex-col gap-1">
                <span className="font-medium text-gray-900">
                  {i.storeName} · {i.retailerName}
                </span>
                <span className="text-gray-900">
                  {i.kind === 'manifest-only'
                    ? t('storeOnly', { pounds: lb.format(i.line!.pounds), date: day(i.line!.date) })
                    : i.kind === 'donation-only'
                      ? t('branchOnly', { pounds: lb.format(i.donation!.pounds), date: day(i.donation!.date) })
                      : i.kind === 'differs'
                        ? t('differs', {
                            store: lb.format(i.line!.pounds),
                            date: day(i.line!.date),
                            branch: lb.format(i.donation!.pounds),
                            branchDate: day(i.donation!.date),
                          })
                        : t('matched', { pounds: lb.format(i.line!.pounds), date: day(i.line!.date) })}
                </span>
              </div>
              {i.kind === 'manifest-only' && (
                <IntentButtonLink
                  variant="primary"
                  href={`/donations/add?${new URLSearchParams({
                    store: i.storeId,
                    date: i.line!.date,
                    weight: String(i.line!.pounds),
                    unit: 'lb',
                    from: here,
                    year: String(year),
                    month: String(month),
                  })}`}
                >
                  {t('record')}
                </IntentButtonLink>
              )}
              {i.kind === 'differs' && (
                <IntentButtonLink
                  variant="secondary"
                  href={`/donations/edit/${i.donation!.id}/${i.donation!.campaignId}?from=${encodeURIComponent(here)}`}
                >
                  {t('check')}
                </IntentButtonLink>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
