'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useRef, useState } from 'react';
import { useHeaderExport } from '@/components/layout/header-context';
import { useAppSession } from '@/components/layout/use-app-session';
import { useBanner } from '@/components/ui/banner';
import { Button, ButtonLink } from '@/components/ui/button';
import { AppDialog } from '@/components/ui/dialog';
import { CONTROL_CLASS } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { sortCategories } from '@/lib/domain/categories';
import { parseCalendarDate, todayCalendarDate } from '@/lib/domain/dates';
import { storeDisplayName } from '@/lib/domain/store';
import { bff, BffError } from '@/lib/query/get-query-client';
import { donationKeys, isRfp, monthDonationsQuery, monthSubmittedQuery, type DonationAnswer } from '@/lib/query/donations';
import { useSourceLabel } from './source-label';
import { useDonationFormats } from './use-formats';
import { useExportDonations } from './use-export-donations';

type Props = { year: number; month: number; supportEmail: string };

function shift(year: number, month: number, by: number) {
  const i = year * 12 + (month - 1) + by;
  return { year: Math.floor(i / 12), month: (i % 12) + 1 };
}

/** The donations of one month: list, edit, delete, Add a donation, Submit Report, the submitted state. */
export function MonthDonations({ year, month, supportEmail }: Props) {
  const t = useTranslations('MonthPage');
  const tc = useTranslations('Common');
  const f = useDonationFormats();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { branchId, user } = useAppSession();
  const { show } = useBanner();
  const pickerId = useId();
  const commentsId = useId();
  const [submitOpen, setSubmitOpen] = useState(false);
  const [comments, setComments] = useState('');

  const donations = useQuery(monthDonationsQuery(branchId, year, month));
  const submitted = useQuery(monthSubmittedQuery(branchId, year, month));
  const locked = submitted.data === true;
  const today = useMemo(() => todayCalendarDate(), []);
  const future = year * 12 + month > today.year * 12 + today.month;

  const exporter = useExportDonations(year);
  useHeaderExport(exporter.ask);

  const pickerMonths = useMemo(() => Array.from({ length: 36 }, (_, i) => shift(year, month, i - 18)), [year, month]);
  const go = (y: number, m: number) => router.push(`/donations/${y}/${m}`);
  const prev = shift(year, month, -1);
  const next = shift(year, month, 1);
  const here = `/donations/${year}/${month}`;
  const addHref = `/donations/add?year=${year}&month=${month}&from=${encodeURIComponent(here)}`;
  const mm = String(month).padStart(2, '0');

  const submit = useMutation({
    mutationFn: () => bff('/branch/submit', { method: 'POST', body: { branchId, year, month, comments: comments.trim() || null, userContact: user?.contactEmail ?? null } }),
    onSuccess: async () => {
      setSubmitOpen(false);
      setComments('');
      show('success', t('submitSuccess', { month: mm, year }));
      await queryClient.invalidateQueries({ queryKey: donationKeys.all });
    },
    // Section 8: a submit failure is only logged.
    onError: (err) => {
      console.error('submit failed', err);
      setSubmitOpen(false);
    },
  });

  return (
    <section aria-labelledby={`${pickerId}-title`} className="flex flex-col gap-4">
      <h2 id={`${pickerId}-title`} className="sr-only">
        {t('donationsOf', { month: f.monthLong(year, month) })}
      </h2>
      <div className="flex items-center justify-center gap-1 rounded-lg bg-white p-2 shadow-sm ring-1 ring-black/5">
        <Link href={`/donations/${prev.year}/${prev.month}`} aria-label={t('previousMonth')} className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-secondary-light focus-visible:outline-3 focus-visible:outline-gray-900">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2"><path d="M15 18l-6-6 6-6" /></svg>
        </Link>
        <label htmlFor={pickerId} className="sr-only">
          {t('chooseMonth')}
        </label>
        <span className="w-48">
        <select
          id={pickerId}
          data-testid="month-picker"
          value={`${year}-${month}`}
          onChange={(e) => {
            const [y, m] = e.target.value.split('-').map(Number);
            go(y, m);
          }}
          className={`${CONTROL_CLASS} border-transparent text-center text-lg font-bold`}
        >
          {pickerMonths.map((p) => (
            <option key={`${p.year}-${p.month}`} value={`${p.year}-${p.month}`}>
              {f.monthYear(p.year, p.month)}
            </option>
          ))}
        </select>
        </span>
        <Link href={`/donations/${next.year}/${next.month}`} aria-label={t('nextMonth')} className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-secondary-light focus-visible:outline-3 focus-visible:outline-gray-900">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2"><path d="M9 6l6 6-6 6" /></svg>
        </Link>
      </div>

      {locked && (
        <div role="note" className="flex items-start gap-2 rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-3 text-sm text-green-900" data-testid="submitted-note">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor"><path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" /></svg>
          <p>
            {t.rich('submittedNote', {
              email: supportEmail,
              mail: (chunks) => (
                <a href={`mailto:${supportEmail}`} className="font-semibold underline">
                  {chunks}
                </a>
              ),
            })}
          </p>
        </div>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setSubmitOpen(true)} disabled={locked || !submitted.isSuccess || future} className="disabled:ring-1 disabled:ring-secondary/50">
          {t('submitReport')}
        </Button>
        {locked ? (
          <Button disabled>{t('addDonation')}</Button>
        ) : (
          <ButtonLink variant="primary" href={addHref}>
            {t('addDonation')}
          </ButtonLink>
        )}
      </div>

      {donations.isPending || submitted.isPending ? (
        <Spinner className="min-h-[30vh]" />
      ) : donations.isError || submitted.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-md bg-red-50 p-4 text-red-900">
          <p>{t('loadError')}</p>
          <Button variant="secondary" onClick={() => { void donations.refetch(); void submitted.refetch(); }}>
            {t('retry')}
          </Button>
        </div>
      ) : donations.data.length === 0 ? (
        <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{t('empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('donationsOf', { month: f.monthLong(year, month) })}>
          {donations.data.map((d) => (
            <DonationRow key={d.id} donation={d} locked={locked || d.submitted} origin={here} />
          ))}
        </ul>
      )}

      <AppDialog
        open={submitOpen}
        onClose={() => !submit.isPending && setSubmitOpen(false)}
        title={t('submitTitle')}
        description={t('submitQuestion', { month: f.monthLong(year, month) })}
        actions={
          <>
            <Button variant="secondary" onClick={() => setSubmitOpen(false)} disabled={submit.isPending}>
              {tc('cancel')}
            </Button>
            <Button onClick={() => submit.mutate()} loading={submit.isPending}>
              {t('submit')}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={commentsId} className="text-sm font-semibold text-gray-800">
            {t('comments')}
          </label>
          <textarea id={commentsId} autoFocus rows={4} maxLength={2000} value={comments} onChange={(e) => setComments(e.target.value)} className={CONTROL_CLASS} />
        </div>
        <p className="mt-3 text-sm text-gray-800">
          {t.rich('submitNote', { email: supportEmail, strong: (chunks) => <strong className="[overflow-wrap:anywhere]">{chunks}</strong> })}
        </p>
      </AppDialog>
      {exporter.dialog}
    </section>
  );
}

function DonationRow({ donation: d, locked, origin }: { donation: DonationAnswer; locked: boolean; origin: string }) {
  const t = useTranslations('MonthPage');
  const locale = useLocale();
  const f = useDonationFormats();
  const sourceLabel = useSourceLabel();
  const queryClient = useQueryClient();
  const { show } = useBanner();
  const [confirming, setConfirming] = useState(false);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const date = parseCalendarDate(d.date) ?? { year: 1970, month: 1, day: 1 };
  const dateText = f.dayMonth(date.year, date.month, date.day);
  const store = d.store?.displayName || storeDisplayName(d.store);
  const campaignId = d.campaignId;
  const shares = sortCategories(
    (isRfp(campaignId) ? d.categories : d.campaignCategories ?? d.categories)
      .filter((c) => c.fraction > 0)
      .map((c) => ({ ...c, displayOrder: c.category?.displayOrder ?? c.categoryId })),
  );

  const remove = useMutation({
    mutationFn: () => bff(isRfp(campaignId) ? `/donation/${d.id}` : `/donation/campaigndonation/${d.id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      show('success', t('deleted'));
      await queryClient.invalidateQueries({ queryKey: donationKeys.all });
    },
    onError: (err) => {
      const submitted = err instanceof BffError && (err.code === 'MONTH_ALREADY_SUBMITTED' || /month already submitted/i.test(err.message));
      show('error', submitted ? t('deleteFailedSubmitted') : t('deleteFailed'));
      setConfirming(false);
      queryClient.invalidateQueries({ queryKey: donationKeys.all });
    },
  });

  const names = { date: dateText, store };
  return (
    <li
      className={`flex gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-black/5 sm:p-4 ${locked ? 'opacity-70' : ''}`}
      aria-disabled={locked || undefined}
      data-testid="donation-row"
    >
      <div className="flex h-16 w-14 shrink-0 flex-col items-center justify-center rounded-md bg-primary text-gray-900" aria-hidden="true">
        <span className="text-2xl leading-none font-bold">{date.day}</span>
        <span className="text-xs font-semibold uppercase">{f.monthShort(date.year, date.month)}</span>
      </div>
      <div className="min-w-0 flex-1">
        <p className="sr-only">{dateText}</p>
        <p className="text-lg font-bold text-gray-900 tabular-nums">{t('pounds', { weight: f.pounds(d.weightInPounds) })}</p>
        <p className="text-sm font-semibold break-words text-gray-900">{store}</p>
        <p className="text-sm text-gray-700">
          {sourceLabel(d.source)} · {t('programName', { name: d.campaignName || 'RFP' })}
        </p>
        {shares.length > 0 && (
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {shares.map((c) => (
              <li key={c.categoryId} className="rounded-full bg-secondary-light px-2 py-0.5 text-xs text-gray-900">
                {(locale === 'fr' ? c.category?.nameFr : c.category?.name) || c.categoryName || c.category?.name} {f.percent(c.fraction)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-end justify-start gap-1 sm:flex-row sm:items-start">
        {confirming ? (
          <div role="group" aria-label={t('deleteQuestion')} className="flex items-center gap-1 rounded-md bg-red-50 p-1">
            <span className="sr-only sm:not-sr-only sm:px-1 sm:text-sm sm:text-red-900">{t('deleteQuestion')}</span>
            <IconButton autoFocus label={t('confirmDelete', names)} onClick={() => remove.mutate()} disabled={remove.isPending} className="text-green-800">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </IconButton>
            <IconButton
              label={t('cancelDelete', names)}
              onClick={() => {
                setConfirming(false);
                requestAnimationFrame(() => deleteRef.current?.focus());
              }}
              disabled={remove.isPending}
              className="text-red-800"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </IconButton>
          </div>
        ) : (
          <>
            {locked ? (
              <IconButton label={t('edit', names)} disabled>
                <path d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />
              </IconButton>
            ) : (
              <Link
                href={`/donations/edit/${d.id}/${campaignId}?from=${encodeURIComponent(origin)}`}
                aria-label={t('edit', names)}
                title={t('edit', names)}
                className="inline-flex h-11 w-11 items-center justify-center rounded-full text-gray-900 hover:bg-secondary-light focus-visible:outline-3 focus-visible:outline-gray-900"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round"><path d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" /></svg>
              </Link>
            )}
            <IconButton ref={deleteRef} label={t('delete', names)} onClick={() => setConfirming(true)} disabled={locked} className="text-red-800">
              <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
            </IconButton>
          </>
        )}
      </div>
    </li>
  );
}

function IconButton({ label, children, className = '', ...rest }: Omit<React.ComponentProps<'button'>, 'aria-label'> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      {...rest}
      className={`inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-secondary-light focus-visible:outline-3 focus-visible:outline-gray-900 disabled:cursor-not-allowed disabled:text-gray-500 disabled:hover:bg-transparent ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </svg>
    </button>
  );
}
