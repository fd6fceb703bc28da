// ANY /api/... - the donation API of section 7, served in-process
import { getDonationApi } from '@/donation-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

async function handle(request: Request): Promise<Response> {
  const { app } = await getDonationApi();
  return app.fetch(request);
}

export { handle as GET, handle as POST, handle as PUT, handle as DELETE, handle as PATCH };
