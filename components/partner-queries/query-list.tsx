import { getLocale, getTranslations } from 'next-intl/server';
import { IntentLink } from '@/components/layout/intent-link';
import { programFormats } from '@/components/program/formats';
import type { PartnerQuery } from '@/lib/domain/partner';
import { PARTNER_QUERY_TEXT_MAX } from '@/lib/domain/text-limits';
import { zonedMomentFormatter } from '@/lib/domain/zoned-time';
import { appTimeZone } from '@/web/server/env';
import type { AnswerTexts } from './answer-form';
import { PartnerQueryAnswerSlot } from './answer-slot';

type Props = {
  queries: PartnerQuery[];
  /** The level of each question's heading under the page's or the panel's own. */
  heading: 'h2' | 'h3';
  /** The program's list names the food bank and links to its month; the food bank's own month page needs neither. */
  program: boolean;
  /** Whether this reader answers here: program administrators, or the food bank's staff on its month page. */
  canAnswer: boolean;
  /** The element that takes the focus after an answer is sent (the form it was typed in leaves the page). */
  focusAfter: string;
};

/**
 * Retail partners' questions about donation lines, rendered on the server: the line (date, store, pounds), what the
 * partner says is wrong and why, when they asked, and the answer once there is one; an open question gets the answer
 * form when the reader may answer. A list of cards rather than a table, so it reads on a phone as well.
 */
export async function PartnerQueryList({ queries, heading: Heading, program, canAnswer, focusAfter }: Props) {
  const [t, locale] = await Promise.all([getTranslations('PartnerQueries'), getLocale()]);
  const timeZone = appTimeZone();
  const f = programFormats(locale, timeZone);
  const when = zonedMomentFormatter(locale, timeZone);
  // French puts a no-break space before the colon.
  const colon = locale === 'fr' ? '\u00a0: ' : ': ';
  const texts: AnswerTexts = {
    field: t('answerLabel'),
    hint: t('answerHint', { max: PARTNER_QUERY_TEXT_MAX.answer }),
    required: t('answerRequired'),
    send: t('send'),
    sent: t('sent'),
    alreadyAnswered: t('alreadyAnswered'),
  };
  return (
    <ul className="flex flex-col gap-3">
      {queries.map((q) => {
        const store = q.storeNumber ? t('storeWithNumber', { name: q.storeName, number: q.storeNumber }) : q.storeName;
        const date = f.day(q.date);
        const [year, month] = q.date.split('-').map(Number);
        const headingId = `partner-query-${q.id}`;
        return (
          <li key={q.id} data-testid="partner-query" className="flex flex-col gap-2 rounded-md border border-gray-200 bg-white p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <Heading id={headingId} className="font-semibold break-words text-gray-900">
                {t('lineTitle', { store, date })}
              </Heading>
              <span
                className={`rounded-full px-2.5 py-0.5 text-sm whitespace-nowrap ring-1 ${
                  q.status === 'open' ? 'bg-amber-50 text-amber-900 ring-amber-700/50' : 'bg-green-50 text-green-900 ring-green-700/40'
                }`}
              >
                {t(q.status === 'open' ? 'statusOpen' : 'statusAnswered')}
              </span>
            </div>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
              <Item colon={colon} label={t('retailer')}>
                {q.retailerName}
              </Item>
              {program && (
                <Item colon={colon} label={t('foodBank')}>
                  {q.branchName}
                </Item>
              )}
              <Item colon={colon} label={t('pounds')}>
                {t('poundsValue', { pounds: f.pounds(q.pounds) })}
              </Item>
              <Item colon={colon} label={t('kind')}>
                {t(`kinds.${q.kind}`)}
              </Item>
              <Item colon={colon} label={t('askedAt')}>
                {when(q.askedAt)}
              </Item>
              <Item colon={colon} label={t('reason')} wide>
                {q.reason}
              </Item>
              {q.status === 'answered' && (
                <>
                  <Item colon={colon} label={t('answer')} wide>
                    {q.answer ?? ''}
                  </Item>
                  {q.answeredAt && (
                    <Item colon={colon} label={t('answeredAt')}>
                      {when(q.answeredAt)}
                    </Item>
                  )}
                </>
              )}
            </dl>
            {program && (
              <IntentLink
                href={`/program/branches/${q.branchId}?year=${year}&month=${month}`}
                className="self-start text-sm font-semibold text-gray-900 underline underline-offset-2"
              >
                {t('openMonth', { branch: q.branchName, month: f.monthYear(year!, month!) })}
              </IntentLink>
            )}
            {q.status === 'open' && canAnswer && (
              <PartnerQueryAnswerSlot queryId={q.id} label={t('answerFor', { store, date })} focusAfter={focusAfter} texts={texts} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Item({ label, colon, wide = false, children }: { label: string; colon: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="inline font-medium text-gray-800">
        {label}
        {colon}
      </dt>
      <dd className="inline break-words whitespace-pre-line text-gray-900">{children}</dd>
    </div>
  );
}
