'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { LineQueryForm, type QueryOutcome } from './line-query-form';

/** One line as the server wrote it (dates and weights already in the user's language). */
type LineRow = {
  id: string;
  /** The whole date (for the line's name) and the day alone (the month is the table's). */
  date: string;
  day: string;
  iso: string;
  store: string;
  branch: string;
  pounds: string;
  status: 'open' | 'answered' | null;
};

const CELL = 'px-3 py-2 align-top';

/**
 * The month's donation lines, each with 'Query this line' while it has no query. The form opens in a row under its
 * line; after a send the page reads its lists again on the server (the line's status, 'Your queries').
 */
export function PartnerLinesTable({ rows, caption }: { rows: LineRow[]; caption: string }) {
  const t = useTranslations('PartnerLines');
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const [openId, setOpenId] = useState<string | null>(null);
  const [notice, setNotice] = useState<QueryOutcome | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const close = (id: string) => {
    setOpenId(null);
    buttons.current.get(id)?.focus();
  };
  const done = (outcome: QueryOutcome) => {
    setOpenId(null);
    setNotice(outcome);
    startRefresh(() => router.refresh());
  };
  // The button that opened the form goes once its line has a query: the message takes the focus instead.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const status = (s: LineRow['status']) =>
    s === 'open' ? (
      <span className="inline-flex rounded-md bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-950">{t('statusOpen')}</span>
    ) : (
      <span className="inline-flex rounded-md bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-950">{t('statusAnswered')}</span>
    );

  return (
    <div className="flex flex-col gap-3">
      {notice && (
        <div ref={noticeRef} tabIndex={-1} className="outline-none" aria-busy={refreshing || undefined}>
          <FormMessage severity={notice.kind === 'sent' ? 'success' : 'error'}>
            {notice.kind === 'sent' ? t('sent', { branch: notice.branch }) : t('alreadyOpen')}
          </FormMessage>
        </div>
      )}
      <div
        className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-black/5"
        role="region"
        tabIndex={0}
        aria-labelledby="lines-caption"
      >
        <table className="min-w-full text-sm" data-testid="lines-table">
          <caption id="lines-caption" className="px-3 py-2 text-left text-base font-bold text-gray-900">
            {caption}
          </caption>
          <thead className="border-b border-secondary-light bg-gray-50 text-left text-gray-800">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('date')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('store')}
              </th>
              {/* On a phone the food bank is written under the store, so the query button fits the screen. */}
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                {t('foodBank')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('pounds')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('query')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-secondary-light">
            {rows.map((r) => {
              const line = t('line', { date: r.date, store: r.store, branch: r.branch, pounds: r.pounds });
              const formId = `query-${r.id}`;
              return [
                <tr key={r.id} data-testid="line-row" data-id={r.id}>
                  <th scope="row" className={`${CELL} text-left font-normal whitespace-nowrap`}>
                    <time dateTime={r.iso}>{r.day}</time>
                  </th>
                  <td className={CELL}>
                    {r.store}
                    <span className="block text-gray-700 sm:hidden">{r.branch}</span>
                  </td>
                  <td className={`${CELL} hidden sm:table-cell`}>{r.branch}</td>
                  <td className={`${CELL} text-right whitespace-nowrap tabular-nums`}>{r.pounds}</td>
                  <td className={CELL}>
                    {r.status ? (
                      status(r.status)
                    ) : (
                      <Button
                        variant="secondary"
                        className="min-h-10 px-3 py-1 text-sm sm:whitespace-nowrap"
                        ref={(el) => {
                          if (el) buttons.current.set(r.id, el);
                          else buttons.current.delete(r.id);
                        }}
                        aria-expanded={openId === r.id}
                        aria-controls={openId === r.id ? formId : undefined}
                        aria-label={t('openLabel', { line })}
                        onClick={() => {
                          setNotice(null);
                          setOpenId(openId === r.id ? null : r.id);
                        }}
                      >
                        {t('open')}
                      </Button>
                    )}
                  </td>
                </tr>,
                openId === r.id && (
                  <tr key={`${r.id}-form`} id={formId}>
                    <td colSpan={5} className="px-3 pb-3">
                      {/* Sticky at the left and no wider than the screen: on a phone the table scrolls, the form stays in view. */}
                      <div className="sticky left-3 max-w-[calc(100vw-3rem)] sm:max-w-xl">
                        <LineQueryForm donationId={r.id} line={line} onDone={done} onCancel={() => close(r.id)} />
                      </div>
                    </td>
                  </tr>
                ),
              ];
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
