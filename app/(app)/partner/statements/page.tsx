import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { partnerFormats } from '@/components/partner/partner-formats';
import { PartnerNav } from '@/components/partner/partner-nav';
import { readOrNull } from '@/components/partner/read-or-null';
import { StatementForm } from '@/components/partner/statement-form';
import { StatementList } from '@/components/partner/statement-list';
import { storePickerTexts } from '@/components/partner/store-picker-texts';
import { LoadError } from '@/components/program/load-error';
import { todayCalendarDate } from '@/lib/domain/dates';
import { lastMonth } from '@/lib/domain/program-oversight';
import { appTimeZone } from '@/web/server/env';
import { screenApi } from '@/web/server/screen-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Header');
  return { title: t('titles.partnerStatements') };
}

/**
 * The statements issued to the partner (numbered PDFs, kept as issued) and the form that issues one for a month or
 * a quarter. The form's store picker searches the partner's own stores as the user types (GET /api/partner/stores):
 * the page carries none of a chain's thousands.
 */
async function PartnerStatementsPage() {
  const [t, tf, td, locale] = await Promise.all([
    getTranslations('Partner.statements'),
    getTranslations('PartnerStatementForm'),
    getTranslations('Partner.download'),
    getLocale(),
  ]);
  const downloadTexts = { preparing: td('preparing'), failed: td('failed') };
  const f = partnerFormats(locale, appTimeZone());
  const today = todayCalendarDate(new Date(), appTimeZone());
  // Last month by default: the month the food banks are submitting now is rarely complete.
  const last = lastMonth(today);
  const statements = await readOrNull(screenApi('/partner/statements', { returnTo: '/partner/statements' }), 'partner statements failed');
  const years = Array.from({ length: 4 }, (_, i) => today.year - i);
  const monthNames = Array.from({ length: 12 }, (_, i) => f.monthLong(i + 1));
  return (
    <div className="flex flex-col gap-5">
      <PartnerNav current="statements" />
      <div className="flex flex-col gap-2">
        <h2 className="text-2xl font-bold text-gray-900">{t('title')}</h2>
        <p className="text-gray-800">{t('intro')}</p>
        <p className="font-semibold text-gray-900" data-testid="not-a-receipt">
          {t('notReceipt')}
        </p>
      </div>
      <StatementForm
        years={years}
        defaultYear={last.year}
        defaultMonth={last.month}
        monthNames={monthNames}
        storeTexts={await storePickerTexts(tf('store'), tf('allStores'))}
        downloadTexts={downloadTexts}
        knownIds={(statements?.statements ?? []).map((s) => s.id)}
      />
      <section aria-labelledby="statements-title" className="flex flex-col gap-3">
        <h3 id="statements-title" className="text-lg font-bold text-gray-900">
          {t('listTitle')}
        </h3>
        {statements ? (
          <StatementList statements={statements.statements} f={f} downloadTexts={downloadTexts} />
        ) : (
          <LoadError message={t('loadError')} retry={t('retry')} />
        )}
      </section>
    </div>
  );
}

export default withPageMessages('partnerStatements', PartnerStatementsPage);
