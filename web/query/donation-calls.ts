// The donation form's calls to the API through /bff: its store list, and save (create or update), one request each:
// the API computes and stores the gas figure in the write itself.
import type { SaveDonationBody } from '@/lib/domain/donation';
import { apiPath } from '@/web/api/calls';
import { api } from './api-client';
import { isRfp, type MonthDonation } from './donation-keys';

/** The stores a branch may record donations from, for the RFP or for another program. */
export const loadStores = (branchId: string, campaignId: string, signal?: AbortSignal) =>
  isRfp(campaignId)
    ? api.GET('/branch/{branchId}/stores', { params: { path: { branchId } }, signal })
    : api.GET('/branch/{branchId}/{campaignId}/stores', { params: { path: { branchId, campaignId } }, signal });

type SaveTarget = { mode: 'add' | 'edit'; campaignId: string; donationId?: string };
// version: the donation's version as loaded (edit only), for the API's conflict check.
export type SaveBody = SaveDonationBody & { branchId: string; version?: number };
type CreateBody = Omit<SaveBody, 'version'>;

/** The path of the create call of a donation (RFP or another program), as the offline outbox stores and replays it. */
export const createPath = (branchId: string, campaignId: string) =>
  isRfp(campaignId)
    ? apiPath('post', '/branch/{branchId}/donations', { path: { branchId } })
    : apiPath('post', '/branch/{branchId}/{campaignId}/campaigndonations', { path: { branchId, campaignId } });

/** Creates a donation (RFP or another program) with the entry's Idempotency-Key, the same on every attempt of one entry. */
export function createDonation(
  campaignId: string,
  body: CreateBody,
  { idempotencyKey, keepOn401 }: { idempotencyKey?: string; keepOn401?: boolean } = {},
): Promise<MonthDonation> {
  const branchId = body.branchId;
  const init = { body, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined, keepOn401 };
  return isRfp(campaignId)
    ? api.POST('/branch/{branchId}/donations', { params: { path: { branchId } }, ...init })
    : api.POST('/branch/{branchId}/{campaignId}/campaigndonations', { params: { path: { branchId, campaignId } }, ...init });
}

/**
 * Creates or updates a donation in one request: the answer carries the gas figure the write stored (update-ghg is
 * for the API's other clients). A create carries the entry's Idempotency-Key. A 401 is thrown to the form, which
 * keeps the entry and offers the sign-in, instead of leaving the page.
 */
export async function saveDonation(
  { mode, campaignId, donationId }: SaveTarget,
  body: SaveBody,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<MonthDonation> {
  const update = { params: { path: { id: donationId! } }, body, keepOn401: true };
  if (mode === 'add') return createDonation(campaignId, body, { idempotencyKey, keepOn401: true });
  return isRfp(campaignId) ? api.PUT('/donation/{id}', update) : api.PUT('/donation/campaigndonation/{id}', update);
}
