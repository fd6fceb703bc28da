// Pickup reliability (docs/product.md, Pickup reliability): the program's month or quarter by branch, store, retailer
// or province, with its files, for program staff in their scope; a partner's collected and no-food counts of its own
// stores. Anyone else gets the same 404 as an unknown call (auth/access.ts).
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { partnerFiltersSchema } from '@/lib/domain/partner';
import {
  partnerPickupsSchema,
  reliabilityAnswerSchema,
  reliabilityExportQuerySchema,
  reliabilityQuerySchema,
} from '@/lib/domain/pickup-reliability';
import { todayFrom } from '@/lib/domain/pickups';
import type { ApiEnv } from '../context';
import { newRouter } from '../router';
import { access, checkedPartner, checkedProgram } from '../auth/access';
import { json } from '../http/donation-schemas';
import { errorResponses, tableFileResponse } from '../http/params';
import { fileLanguage, tableFile } from '../http/table-file';
import { filteredScope, periodOf } from '../partners/partner-figures';
import { partnerPickups } from './reliability';
import { reliabilityCsv, reliabilityFileName, reliabilityXlsx } from './reliability-export';

export const reliabilityRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const today = (c: Context<ApiEnv>) => todayFrom(c.get('deps').now(), c.get('deps').config.timeZone);

// GET /api/program/reliability - a month or a quarter of scheduled pickups in scope, grouped, with the flagged stores
reliabilityRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/reliability',
    'x-access': access.program('staff'),
    summary: 'Pickup reliability of a month or a quarter by branch, store, retailer or province (a coordinator: their provinces)',
    tags: ['Pickups'],
    operationId: 'getPickupReliability',
    security,
    request: { query: reliabilityQuerySchema },
    responses: { 200: json(reliabilityAnswerSchema, 'Counts and percentages per group'), ...errorResponses },
  }),
  async (c) =>
    c.json(await c.get('pickupReliability').reliability(c.get('deps').db, checkedProgram(c), c.req.valid('query'), today(c)), 200),
);

// GET /api/program/reliability/export - the same as CSV or XLSX
reliabilityRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/reliability/export',
    'x-access': access.program('staff'),
    summary: 'Pickup reliability of a month or a quarter as a CSV or XLSX file',
    tags: ['Pickups'],
    operationId: 'exportPickupReliability',
    security,
    request: { query: reliabilityExportQuerySchema },
    responses: { 200: tableFileResponse('The file'), ...errorResponses },
  }),
  async (c) => {
    const { format, lang, ...query } = c.req.valid('query');
    const answer = await c.get('pickupReliability').reliability(c.get('deps').db, checkedProgram(c), query, today(c));
    const language = fileLanguage(lang, c.get('user').locale);
    const body = format === 'csv' ? reliabilityCsv(answer, language) : new Uint8Array(await reliabilityXlsx(answer, language));
    return tableFile(c, format, reliabilityFileName(answer, language, format), body);
  },
);

// GET /api/partner/pickups - the partner's stores' pickups of the figures' period: collected and no food
reliabilityRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/partner/pickups',
    'x-access': access.partner(),
    summary:
      'Scheduled pickups of the partner’s stores over the figures’ period: how many were collected and how many had no food (partners)',
    tags: ['Partner'],
    operationId: 'partnerPickups',
    security,
    request: { query: partnerFiltersSchema },
    responses: { 200: json(partnerPickupsSchema, 'Counts'), ...errorResponses },
  }),
  async (c) => {
    const deps = c.get('deps');
    const grant = checkedPartner(c);
    const filters = c.req.valid('query');
    const p = periodOf(filters, deps.now(), deps.config.timeZone);
    const last = new Date(Date.UTC(Math.floor(p.toKey / 100), p.toKey % 100, 0)).getUTCDate();
    const period = { from: `${p.from}-01`, to: `${p.to}-${String(last).padStart(2, '0')}` };
    const day = today(c);
    const counts = await c.get('partnerFigures').pickups(deps.db, { grant, filters, period, today: day }, async () => {
      // A banner or store outside the partner's scope is the same 404 as on the figures (never kept: it throws).
      await filteredScope(deps.db, grant, filters);
      return partnerPickups(deps.db, grant, period, day, filters);
    });
    return c.json(counts, 200);
  },
);
