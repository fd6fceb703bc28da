import { withPageMessages } from '@/components/i18n/client-messages';
import { IntentLink } from '@/components/layout/intent-link';
import { notFound, unstable_rethrow } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DonationFormScreen } from '@/components/donations/donation-form-screen';
import { DonationHistory } from '@/components/donations/donation-history';
import { DonationReadOnly } from '@/components/program/donation-read-only';
import type { DonationAnswer } from '@/lib/domain/answers';
import type { AuditPage } from '@/lib/domain/program-workflow';
import { ApiCallError } from '@/web/server/donation-api-client';
import { screenApi } from '@/web/server/screen-data';
import { guardScreen } from '@/web/server/screen-guard';

/**
 * A food bank's donation on the program's drill-down, with its history (created by, changed by, what
 * changed). Program administrators get the Edit donation form on that food bank's stores (the API checks the role
 * again and audits the change); coordinators read it.
 */
async function ProgramDonationPage({ params, searchParams }: PageProps<'/program/branches/[branchId]/donations/[donationId]'>) {
  const [{ branchId, donationId }, sp, user] = await Promise.all([params, searchParams, guardScreen('program-staff')]);
  if (!/^[0-9a-f-]{36}$/i.test(donationId)) notFound();
  const t = await getTranslations('ProgramBranch');
  const b = encodeURIComponent(branchId);
  const d = encodeURIComponent(donationId);
  const year = typeof sp.year === 'string' && /^\d{4}$/.test(sp.year) ? sp.year : undefined;
  const month = typeof sp.month === 'string' && /^\d{1,2}$/.test(sp.month) ? sp.month : undefined;
  const origin = `/program/branches/${b}${year && month ? `?year=${year}&month=${month}` : ''}`;
  const returnTo = `/program/branches/${b}/donations/${d}`;
  const admin = user.program?.role === 'admin';
  let donation: DonationAnswer | null = null;
  let history: AuditPage | null = null;
  try {
    [donation, history] = await Promise.all([
      admin ? Promise.resolve(null) : screenApi('/donation/{id}', { params: { path: { id: donationId } }, returnTo }),
      screenApi('/donation/{id}/history', { params: { path: { id: donationId } }, returnTo }).catch((err: unknown) => {
        unstable_rethrow(err);
        // The history is a help, not the screen: without it the donation still shows.
        return null;
      }),
    ]);
  } catch (err) {
    unstable_rethrow(err);
    if (err instanceof ApiCallError && (err.status === 404 || err.status === 400)) notFound();
    throw err;
  }
  if (!admin && donation && donation.branchId.toLowerCase() !== branchId.toLowerCase()) notFound();
  return (
    <div className="flex flex-col gap-4">
      {admin ? (
        <DonationFormScreen mode="edit" branchId={branchId} donationId={donationId} origin={origin} returnTo={returnTo} />
      ) : (
        donation && <DonationReadOnly donation={donation} />
      )}
      {history && history.entries.length > 0 && <DonationHistory history={history} />}
      {!admin && (
        <IntentLink href={origin} className="self-start font-semibold underline underline-offset-2">
          {t('backToMonth')}
        </IntentLink>
      )}
    </div>
  );
}

export default withPageMessages('donationForm', ProgramDonationPage);
