import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { IntentButtonLink } from '@/components/layout/intent-link';
import { RetryButton } from '@/components/ui/retry-button';
import { parseCalendarDate, todayCalendarDate, type CalendarDate } from '@/lib/domain/dates';
import { appTimeZone } from '@/web/server/env';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';
import { isRfp } from '@/web/query/donation-keys';
import { ApiCallError } from '@/web/server/donation-api-client';
import { screenApi, screenSession } from '@/web/server/screen-data';
import { logLoadFailure } from '@/web/server/log-load-failure';
import { DonationForm, type DonationPrefill } from './donation-form';

type ScreenProps = {
  mode: 'add' | 'edit';
  origin?: string;
  donationId?: string;
  campaignId?: string;
  returnTo: string;
  /** Add opened from a month's page: the date proposed in that month. */
  proposed?: CalendarDate;
  /** The branch whose stores to offer: the selected one, or the donation's for a program administrator's correction. */
  branchId?: string;
  /** Add opened from the pickups screen or from a store's own record (DonationPrefill). */
  prefill?: DonationPrefill;
};

/**
 * Add donation and Edit donation: categories, stores (and the donation) are fetched on the server, together,
 * with the session's token; the browser gets the form and its data in the first response.
 */
export async function DonationFormScreen({
  mode,
  origin: givenOrigin,
  donationId,
  campaignId = RFP_CAMPAIGN_ID,
  returnTo,
  proposed,
  branchId: givenBranchId,
  prefill,
}: ScreenProps) {
  const t = await getTranslations('DonationForm');
  const branchId = givenBranchId ?? (await screenSession()).branchId;
  // Today in the app's time zone (APP_TIME_ZONE), as the API sees it: the form's default date and its refusal of a
  // future date must not follow the device's clock zone.
  const today = todayCalendarDate(new Date(), appTimeZone());
  // The date the add form opens with: its month's submitted state comes with the page.
  const opening = proposed ?? today;
  const settled = await Promise.allSettled([
    screenApi('/category', { returnTo }),
    isRfp(campaignId)
      ? screenApi('/branch/{branchId}/stores', { params: { path: { branchId } }, returnTo })
      : screenApi('/branch/{branchId}/{campaignId}/stores', { params: { path: { branchId, campaignId } }, returnTo }),
    mode === 'edit' && donationId
      ? isRfp(campaignId)
        ? screenApi('/donation/{id}', { params: { path: { id: donationId } }, returnTo })
        : screenApi('/donation/campaigndonation/{id}', { params: { path: { id: donationId } }, returnTo })
      : Promise.resolve(undefined),
    // Only for shortcuts and warnings: the form works without them.
    screenApi('/branch/{branchId}/store-usage', { params: { path: { branchId } }, returnTo }),
    mode === 'add'
      ? screenApi('/branch/{branchId}/{year}/{month}/submitted', {
          params: { path: { branchId, year: opening.year, month: opening.month } },
          returnTo,
        })
      : Promise.resolve(false),
  ]);
  // A redirect to /login (revoked session) wins over any other outcome.
  for (const r of settled) if (r.status === 'rejected' && isRedirect(r.reason)) throw r.reason;
  const [categories, stores, donation, usage, submitted] = settled;
  // The program's drill-down names the food bank in its address: a donation of another one is not found there.
  const found = donation.status === 'fulfilled' ? donation.value : undefined;
  if (givenBranchId && found && 'branchId' in found && String(found.branchId).toLowerCase() !== givenBranchId.toLowerCase()) notFound();
  const day = donation.status === 'fulfilled' && donation.value ? parseCalendarDate(donation.value.date) : null;
  const origin = givenOrigin ?? (day ? `/donations/${day.year}/${day.month}` : '/');

  if (
    categories.status === 'rejected' ||
    stores.status === 'rejected' ||
    donation.status === 'rejected' ||
    (mode === 'edit' && !donation.value)
  ) {
    // A malformed id in the address (400) is the same permanent failure as an unknown one (404): no "try again".
    const permanent = (r: PromiseSettledResult<unknown>) =>
      r.status === 'rejected' && r.reason instanceof ApiCallError && (r.reason.status === 404 || r.reason.status === 400);
    // An unknown donation, or one of another branch, is the 404 of the nearest not-found boundary (the edit screen's
    // says so in the form's words): the screen renders whole before its status is sent.
    if (permanent(donation) || (mode === 'edit' && permanent(stores))) notFound();
    for (const r of settled) if (r.status === 'rejected') await logLoadFailure(r.reason, 'donation form data failed');
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-md bg-red-50 p-4 text-red-900">
        <p>{t('loadError')}</p>
        <div className="flex gap-2">
          <RetryButton>{t('retry')}</RetryButton>
          <IntentButtonLink href={origin} variant="primary">
            {t('cancel')}
          </IntentButtonLink>
        </div>
      </div>
    );
  }
  return (
    <DonationForm
      key={mode === 'edit' ? donationId : 'add'}
      mode={mode}
      origin={origin}
      categories={categories.value}
      stores={stores.value}
      donation={mode === 'edit' ? donation.value : undefined}
      campaignId={campaignId}
      proposed={proposed}
      prefill={prefill}
      today={today}
      usage={usage.status === 'fulfilled' ? usage.value : []}
      initialSubmitted={
        submitted.status === 'fulfilled' ? { key: `${branchId}/${opening.year}/${opening.month}`, value: submitted.value } : undefined
      }
    />
  );
}

function isRedirect(err: unknown) {
  return (
    typeof err === 'object' && err !== null && 'digest' in err && String((err as { digest: unknown }).digest).startsWith('NEXT_REDIRECT')
  );
}
