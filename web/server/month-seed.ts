import 'server-only';
import { unstable_rethrow } from 'next/navigation';
import type { MonthSeed } from '@/web/query/month-seed';
import { mergeMonthDonations } from '@/web/query/donation-keys';
import { requestLogger } from './logger';
import { screenApi } from './screen-data';

/**
 * A month's list, submitted state and totals read while the page renders, so the page arrives with its list in the
 * HTML instead of a spinner that waits for the JavaScript and three more calls (on a phone: seconds). Undefined when
 * a read fails: the browser then asks again and shows its own error and Retry. A revoked session still goes to
 * the sign-in page.
 */
export async function readMonthSeed(branchId: string, year: number, month: number): Promise<MonthSeed | undefined> {
  if (!branchId) return undefined;
  const params = { path: { branchId, year, month } };
  const returnTo = `/donations/${year}/${month}`;
  try {
    const [rfp, campaign, submitted, summary] = await Promise.all([
      screenApi('/branch/{branchId}/donations/{year}/{month}', { params, returnTo }),
      // As in the browser's query: the other programs' list is extra, its failure leaves the RFP list.
      screenApi('/branch/{branchId}/campaigndonations/{year}/{month}', { params, returnTo }).catch((err: unknown) => {
        unstable_rethrow(err);
        return [];
      }),
      screenApi('/branch/{branchId}/{year}/{month}/submitted', { params, returnTo }),
      screenApi('/branch/{branchId}/month-summary/{year}/{month}', { params, returnTo }),
    ]);
    return { branchId, at: Date.now(), donations: mergeMonthDonations(rfp, campaign), submitted, summary };
  } catch (err) {
    unstable_rethrow(err);
    (await requestLogger()).warn({ err, path: returnTo }, 'month page data read failed');
    return undefined;
  }
}
