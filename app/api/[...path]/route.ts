// ANY /api/... - the donation API (docs/product.md, API) in-process. `npm start` and the release's server.js answer
// most /api calls before Next routes them (scripts/direct-api.mts); this route serves the rest (next dev, the first
// calls while the server starts, OPTIONS and unusual paths) with the same answerer.
import { answerApiRequest } from '@/donation-api';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export {
  answerApiRequest as GET,
  answerApiRequest as POST,
  answerApiRequest as PUT,
  answerApiRequest as DELETE,
  answerApiRequest as PATCH,
};
