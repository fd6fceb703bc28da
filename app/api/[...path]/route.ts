// ANY /api/... - the donation API of section 7, served in-process
import { getDonationApi } from '@/donation-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

async function handle(request: Request): Promise<Response> {
  const api = await getDonationApi().catch(() => null);
  // The database could not be opened (PostgreSQL down at start): 503 so load balancers wait; the next call retries.
  if (!api) return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'retry-after': '5', 'cache-control': 'no-store' } });
  return api.app.fetch(request);
}

export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as PATCH };
