'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IntentLink } from '@/components/layout/intent-link';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { useBanner } from '@/components/ui/banner';
import { buttonClass } from '@/components/ui/button';
import { useSingleFlight } from '@/components/ui/use-single-flight';
import { sortCategories } from '@/lib/domain/categories';
import { parseCalendarDate } from '@/lib/domain/dates';
import { storeDisplayName } from '@/lib/domain/store';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/get-query-client';
import { donationKeys, isRfp, type MonthDonation } from '@/web/query/donations';
import { DonationAuthors, EnteredAmount } from './donation-row-meta';
import { useSourceLabel } from './source-label';
import { useDonationFormats } from './use-formats';

/** One donation of the month list: its day, weight, store, source, program and shares; edit and delete (confirmed in place). */
export function DonationRow({
  donation: d,
  locked,
  origin,
  onDeleted,
}: {
  donation: MonthDonation;
  locked: boolean;
  origin: string;
  /** Offers the Undo of this delete (month list); without it, the plain 'Donation deleted.' banner. */
  onDeleted?: (d: MonthDonation) => void;
}) {
  const t = useTranslations('MonthPage');
  const locale = useLocale();
  const f = useDonationFormats();
  const sourceLabel = useSourceLabel();
  const queryClient = useQueryClient();
  const { show } = useBanner();
  const [confirming, setConfirming] = useState(false);
  const once = useSingleFlight();
  const deleteRef = useRef<HTMLButtonElement>(null);
  const date = parseCalendarDate(d.date) ?? { year: 1970, month: 1, day: 1 };
  const dateText = f.dayMonth(date.year, date.month, date.day);
  const store = d.store?.displayName || storeDisplayName(d.store);
  const campaignId = d.campaignId;
  const shares = sortCategories(
    (isRfp(campaignId) ? d.categories : (d.campaignCategories ?? d.categories))
      .filter((c) => c.fraction > 0)
      .map((c) => ({ ...c, displayOrder: c.category?.displayOrder ?? c.categoryId })),
  );

  const remove = useMutation({
    mutationFn: () =>
      isRfp(campaignId)
        ? api.DELETE('/donation/{id}', { params: { path: { id: d.id } } })
        : api.DELETE('/donation/campaigndonation/{id}', { params: { path: { id: d.id } } }),
    onSuccess: async () => {
      if (onDeleted) onDeleted(d);
      else show('success', t('deleted'));
      await queryClient.invalidateQueries({ queryKey: donationKeys.all });
    },
    onError: (err) => {
      const submitted = err instanceof BffError && (err.code === 'MONTH_ALREADY_SUBMITTED' || /month already submitted/i.test(err.message));
      // Deleted meanwhile (another tab, a colleague): a permanent outcome, said as such; the list is reloaded below.
      const gone = err instanceof BffError && err.status === 404;
      show('error', submitted ? t('deleteFailedSubmitted') : gone ? t('deleteGone') : t('deleteFailed'));
      setConfirming(false);
      queryClient.invalidateQueries({ queryKey: donationKeys.all });
    },
  });

  const names = { date: dateText, store };
  return (
    // Rows of a submitted month are disabled (docs/product.md, A month's donations): announced on the row too.
    // eslint-disable-next-line jsx-a11y/role-supports-aria-props
    <li
      className={`flex flex-wrap gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-black/5 sm:p-4 ${locked ? 'opacity-70' : ''}`}
      aria-disabled={locked || undefined}
      data-testid="donation-row"
    >
      <div className="flex h-16 w-14 shrink-0 flex-col items-center justify-center rounded-md bg-primary text-gray-900" aria-hidden="true">
        <span className="text-2xl leading-none font-bold">{date.day}</span>
        <span className="text-xs font-semibold uppercase">{f.monthShort(date.year, date.month)}</span>
      </div>
      <div className="min-w-0 flex-1">
        <p className="sr-only">{dateText}</p>
        <p className="text-lg font-bold text-gray-900 tabular-nums">
          {t('pounds', { weight: f.pounds(d.weightInPounds) })}
          <EnteredAmount donation={d} />
        </p>
        <p className="text-sm font-semibold break-words text-gray-900">{store}</p>
        <p className="text-sm text-gray-700">
          {sourceLabel(d.source)} · {t('programName', { name: isRfp(campaignId) ? t('rfpName') : d.campaignName })}
        </p>
        <DonationAuthors donation={d} />
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
        {!confirming && (
          <>
            {locked ? (
              <IconButton label={t('edit', names)} disabled>
                <path d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />
              </IconButton>
            ) : (
              <IntentLink
                href={`/donations/edit/${d.id}/${campaignId}?from=${encodeURIComponent(origin)}`}
                aria-label={t('edit', names)}
                title={t('edit', names)}
                className="inline-flex h-11 w-11 items-center justify-center rounded-full text-gray-900 hover:bg-secondary-light focus-visible:outline-3 focus-visible:outline-gray-900"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-5 w-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinejoin="round"
                >
                  <path d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />
                </svg>
              </IntentLink>
            )}
            <IconButton
              ref={deleteRef}
              label={t('delete', names)}
              onClick={() => setConfirming(true)}
              disabled={locked}
              className="text-red-800"
            >
              <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
            </IconButton>
          </>
        )}
      </div>
      {confirming && (
        // Words, not two bare icons: on a phone the question and both answers read plainly (red means delete).
        <div
          role="group"
          aria-label={t('deleteQuestion')}
          className="flex w-full flex-wrap items-center justify-end gap-2 rounded-md bg-red-50 p-2"
        >
          <span className="mr-auto px-1 text-sm font-semibold text-red-900">{t('deleteQuestion')}</span>
          <button
            type="button"
            autoFocus
            aria-label={t('confirmDelete', names)}
            onClick={() => void once(() => remove.mutateAsync())}
            disabled={remove.isPending}
            className={buttonClass('danger', 'min-w-24')}
          >
            {t('deleteYes')}
          </button>
          <button
            type="button"
            aria-label={t('cancelDelete', names)}
            onClick={() => {
              setConfirming(false);
              requestAnimationFrame(() => deleteRef.current?.focus());
            }}
            disabled={remove.isPending}
            className={buttonClass('secondary', 'min-w-24')}
          >
            {t('deleteNo')}
          </button>
        </div>
      )}
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
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </button>
  );
}
