import { getLocale, getTranslations } from 'next-intl/server';
import type { CategoryRef } from '@/lib/domain/answers';
import type { MonthHistory } from '@/lib/domain/program-workflow';
import { appTimeZone } from '@/web/server/env';
import { screenApi } from '@/web/server/screen-data';
import { logLoadFailure } from '@/web/server/log-load-failure';
import { DirectReopen } from './direct-reopen';
import { programFormats } from './formats';
import { isRedirect } from './load-error';
import { frenchDe } from '@/lib/domain/french-de';

type Props = { branchId: string; branchName: string; year: number; month: number; submitted: boolean; canReopen: boolean };

/**
 * A month of the program's drill-down: every submission with its totals and what changed since the one
 * before (front, back, donations and pounds per category), the reopening requests with their answers, the direct
 * reopenings, and, for program administrators, a direct reopening of a submitted month.
 */
export async function MonthHistoryPanel({ branchId, branchName, year, month, submitted, canReopen }: Props) {
  const t = await getTranslations('ProgramMonthHistory');
  const locale = await getLocale();
  const f = programFormats(locale, appTimeZone());
  const when = new Intl.DateTimeFormat(f.tag, { dateStyle: 'long', timeStyle: 'short', timeZone: appTimeZone() });
  const at = (iso: string) => when.format(new Date(iso));
  const b = encodeURIComponent(branchId);
  const here = `/program/branches/${b}?year=${year}&month=${month}`;
  let history: MonthHistory | null = null;
  let categories: CategoryRef[] = [];
  try {
    [history, categories] = await Promise.all([
      screenApi('/program/branches/{branchId}/{year}/{month}/history', { params: { path: { branchId, year, month } }, returnTo: here }),
      screenApi('/category', { returnTo: here }),
    ]);
  } catch (err) {
    if (isRedirect(err)) throw err;
    await logLoadFailure(err, 'program month history failed');
  }
  const catName = (id: string) => {
    const c = categories.find((x) => String(x.id) === id);
    return c ? (locale === 'fr' ? c.nameFr : c.name) : t('otherCategory');
  };
  const signed = (n: number, fmt: (v: number) => string) => (n > 0 ? `+${fmt(n)}` : n < 0 ? `−${fmt(-n)}` : '±0');
  const round = (n: number) => Math.round(n * 100) / 100;
  const monthName = f.monthYear(year, month);

  return (
    <section aria-labelledby="month-history" className="flex flex-col gap-3" data-testid="program-month-history">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="month-history" className="text-lg font-bold">
          {t('title', { month: monthName, de: frenchDe(monthName) })}
        </h3>
        {canReopen && submitted && <DirectReopen branchId={branchId} branchName={branchName} year={year} month={month} />}
      </div>
      {!history ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
          {t('loadError')}
        </p>
      ) : history.submissions.length === 0 && history.requests.length === 0 && history.reopens.length === 0 ? (
        // A month submitted before submissions were kept (or by the demo data) has no recorded submission yet.
        <p className="rounded-md bg-white p-3 text-gray-800 shadow-sm">{t(submitted ? 'emptySubmitted' : 'empty')}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {history.submissions.map((s, i) => {
            const prev = history.submissions[i - 1];
            const ids = prev ? [...new Set([...Object.keys(prev.categoryLbs), ...Object.keys(s.categoryLbs)])] : [];
            const moved = ids
              .map((id) => ({ id, d: round((s.categoryLbs[id] ?? 0) - (prev?.categoryLbs[id] ?? 0)) }))
              .filter((c) => c.d !== 0);
            return (
              <li key={s.id} className="rounded-md bg-white p-3 text-sm shadow-sm ring-1 ring-black/5" data-testid="program-submission">
                <p className="font-semibold">{t('submitted', { n: i + 1, date: at(s.submittedAt), by: s.submittedBy })}</p>
                <p>{t('totals', { front: f.pounds(s.frontLbs), back: f.pounds(s.backLbs), count: s.donationCount })}</p>
                {s.comments && <p className="text-gray-700">{t('comments', { comments: s.comments })}</p>}
                {prev && (
                  <div className="mt-1 border-t border-gray-200 pt-1" data-testid="submission-changes">
                    <p>
                      {t('changed', {
                        front: signed(round(s.frontLbs - prev.frontLbs), f.pounds),
                        back: signed(round(s.backLbs - prev.backLbs), f.pounds),
                        count: signed(s.donationCount - prev.donationCount, String),
                      })}
                    </p>
                    {moved.length > 0 && (
                      <ul className="list-disc pl-5">
                        {moved.map((c) => (
                          <li key={c.id}>{t('categoryChange', { category: catName(c.id), pounds: signed(c.d, f.pounds) })}</li>
                        ))}
                      </ul>
                    )}
                  </div>
                )}
              </li>
            );
          })}
          {history.requests.map((r) => (
            <li key={r.id} className="rounded-md bg-white p-3 text-sm shadow-sm ring-1 ring-black/5" data-testid="program-request">
              <p className="font-semibold">{t('requested', { date: at(r.requestedAt), by: r.requestedBy })}</p>
              <p className="whitespace-pre-line">{t('reason', { reason: r.reason })}</p>
              {r.status !== 'open' && (
                <p>
                  {t(r.status === 'approved' ? 'approved' : 'declined', { date: at(r.decidedAt ?? r.requestedAt), by: r.decidedBy ?? '' })}
                  {r.answer ? ` ${t('answer', { answer: r.answer })}` : ''}
                </p>
              )}
              {r.status === 'open' && <p>{t('open')}</p>}
            </li>
          ))}
          {history.reopens.map((r) => (
            <li key={r.at} className="rounded-md bg-white p-3 text-sm shadow-sm ring-1 ring-black/5" data-testid="program-reopen">
              {t('reopened', { date: at(r.at), by: r.by, reason: r.reason })}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
