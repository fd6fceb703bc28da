import { getTranslations } from 'next-intl/server';
import { bffHref } from '@/web/api/calls';
import type { Statement } from '@/lib/domain/partner';
import { DownloadButton, type DownloadTexts } from '@/components/ui/download-button';
import type { PartnerFormats } from './partner-formats';

/** A statement's period in words: '2026-10' is a month, '2026-Q3' a quarter; anything else as the API wrote it. */
function periodText(period: string, f: PartnerFormats, quarter: (q: number, year: number) => string) {
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) return f.yearMonth(period);
  const q = /^(\d{4})-Q([1-4])$/.exec(period);
  return q ? quarter(Number(q[2]), Number(q[1])) : period;
}

/** The statements kept for the partner, newest first, each with its PDF. */
export async function StatementList({
  statements,
  f,
  downloadTexts,
}: {
  statements: Statement[];
  f: PartnerFormats;
  downloadTexts: DownloadTexts;
}) {
  const t = await getTranslations('Partner.statements');
  if (!statements.length) return <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{t('empty')}</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label={t('listLabel')} data-testid="statements">
      {statements.map((s) => {
        const period = periodText(s.period, f, (quarter, year) => t('quarterName', { quarter, year }));
        return (
          <li
            key={s.id}
            data-testid="statement"
            data-number={s.number}
            className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex min-w-0 flex-col gap-1">
              <p className="font-bold text-gray-900">{t('numbered', { number: s.number })}</p>
              <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-sm">
                <dt className="text-gray-700">{t('period')}</dt>
                <dd className="text-gray-900">{period}</dd>
                <dt className="text-gray-700">{t('scope')}</dt>
                <dd className="min-w-0 break-words text-gray-900">{s.scopeName}</dd>
                <dt className="text-gray-700">{t('issuedAt')}</dt>
                <dd className="text-gray-900">{f.instant(s.issuedAt)}</dd>
                <dt className="text-gray-700">{t('pounds')}</dt>
                <dd className="text-gray-900 tabular-nums">{t('poundsValue', { weight: f.pounds(s.pounds) })}</dd>
              </dl>
              {s.replaces && <p className="text-sm font-semibold text-amber-900">{t('replaces', { number: s.replaces })}</p>}
            </div>
            <DownloadButton
              href={bffHref('/partner/statements/{statementId}/pdf', { path: { statementId: s.id } })}
              fileName={`statement-releve-${s.number}.pdf`}
              texts={downloadTexts}
              aria-label={t('pdfLabel', { number: s.number, period })}
              className="shrink-0"
            >
              {t('pdf')}
            </DownloadButton>
          </li>
        );
      })}
    </ul>
  );
}
