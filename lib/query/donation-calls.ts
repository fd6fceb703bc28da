// The donation form's calls to the API through /bff: its store list, and save (create or update) with the
// gas-figure refresh that follows every save.
import type { SaveDonationBody } from '@/lib/domain/donation';
import { bff } from './bff';
import { isRfp, type DonationAnswer, type StoreAnswer } from './donation-keys';

/** The stores a branch may record donations from, for the RFP or for another program. */
const storesPath = (branchId: string, campaignId: string) =>
  isRfp(campaignId)
    ? `/branch/${encodeURIComponent(branchId)}/stores`
    : `/branch/${encodeURIComponent(branchId)}/${encodeURIComponent(campaignId)}/stores`;

export const loadStores = (branchId: string, campaignId: string, signal?: AbortSignal) =>
  bff<StoreAnswer[]>(storesPath(branchId, campaignId), { signal });

type SaveTarget = { mode: 'add' | 'edit'; campaignId: string; donationId?: string };
// version: the donation's version as loaded (edit only), for the API's conflict check.
export type SaveBody = SaveDonationBody & { branchId: string; version?: number };

/** The create call of a donation (RFP or another program), also replayed from the offline outbox. */
export const createPath = (branchId: string, campaignId: string) =>
  isRfp(campaignId)
    ? `/branch/${encodeURIComponent(branchId)}/donations`
    : `/branch/${encodeURIComponent(branchId)}/${encodeURIComponent(campaignId)}/campaigndonations`;

/**
 * Creates or updates a donation; the gas figure is recomputed after, and a failure there does not undo the save.
 * A create carries the entry's Idempotency-Key (the same on every attempt of one entry). A 401 is thrown to the
 * form, which keeps the entry and offers the sign-in, instead of leaving the page.
 */
export async function saveDonation(
  { mode, campaignId, donationId }: SaveTarget,
  body: SaveBody,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<DonationAnswer> {
  const rfp = isRfp(campaignId);
  const saved =
    mode === 'add'
      ? await bff<DonationAnswer>(createPath(body.branchId, campaignId), {
          method: 'POST',
          body,
          headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined,
          keepOn401: true,
        })
      : await bff<DonationAnswer>(
          rfp ? `/donation/${encodeURIComponent(donationId!)}` : `/donation/campaigndonation/${encodeURIComponent(donationId!)}`,
          { method: 'PUT', body, keepOn401: true },
        );
  await bff(rfp ? '/donation/update-ghg' : '/donation/update-campaign-ghg', { method: 'POST', body: [saved.id], keepOn401: true }).catch(
    (err) => console.warn('update-ghg failed', err),
  );
  return saved;
}
