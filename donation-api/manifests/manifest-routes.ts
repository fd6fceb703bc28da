// Manifests sent by a retailer (docs/product.md, Manifests): a partner user for its own retailer, a program
// administrator for any, as a file (CSV or XLSX) through the retailer's saved column mapping, or a retailer's system
// through the API with a partner's token. Every other role gets the same 404 as an unknown id.
import { createRoute, z } from '@hono/zod-openapi';
import { formatCalendarDate, todayCalendarDate } from '@/lib/domain/dates';
import { manifestMappingSchema } from '@/lib/domain/manifest';
import { newRouter } from '../router';
import type { ApiDeps, AuthUser, PartnerGrant } from '../context';
import { json } from '../http/donation-schemas';
import { errorResponses, uuidParam } from '../http/params';
import { access, checkedPartner } from '../auth/access';
import { retailers } from '../db/schema';
import { eq } from 'drizzle-orm';
import { notFound } from '../errors';
import { apiRows, receiveManifest, savedMapping, type ManifestInput } from './manifest-upload';

export const manifestRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const tags = ['Manifests'];

const problemSchema = z.object({
  line: z.number(),
  column: z.string().nullable(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export const manifestAnswerSchema = z
  .object({
    header: z.array(z.string()),
    sample: z.array(z.record(z.string(), z.string())),
    mapping: manifestMappingSchema.nullable(),
    problems: z.array(problemSchema),
    unmatched: z.array(z.object({ line: z.number(), storeNumber: z.string() })),
    lines: z.number(),
    newLines: z.number(),
    written: z.boolean(),
    sameFile: z.boolean(),
    manifestId: z.string().nullable(),
  })
  .openapi('ManifestAnswer');

/** A file: CSV text or an XLSX workbook in base64, at most 8 MB; a preview unless confirm is true. */
export const manifestFileBodySchema = z
  .strictObject({
    fileName: z.string().max(255).optional(),
    csv: z.string().max(8_000_000).optional(),
    xlsx: z.string().max(8_000_000).optional(),
    mapping: manifestMappingSchema.optional(),
    confirm: z.boolean().default(false),
  })
  .refine((b) => (b.csv === undefined) !== (b.xlsx === undefined), { message: 'send csv or xlsx, one of them' });

const apiLineSchema = z.strictObject({
  storeNumber: z.string().max(100),
  date: z.string().max(40).openapi({ example: '2026-11-12' }),
  weight: z.union([z.number(), z.string().max(40)]),
  unit: z.string().max(20).optional().openapi({ description: 'lb (default) or kg' }),
  categories: z.record(z.string().max(100), z.string().max(200)).optional(),
});
export const manifestLinesBodySchema = z.strictObject({ lines: z.array(apiLineSchema).min(1).max(5000) });

const fileBody = { body: { content: { 'application/json': { schema: manifestFileBodySchema } }, required: true } };
const mappingAnswer = z.object({ mapping: manifestMappingSchema.nullable() });

function today(deps: ApiDeps) {
  return formatCalendarDate(todayCalendarDate(deps.now(), deps.config.timeZone));
}

async function upload(
  deps: ApiDeps,
  user: AuthUser,
  retailerId: string,
  grant: PartnerGrant | null,
  body: z.infer<typeof manifestFileBodySchema>,
) {
  const input: ManifestInput = { kind: 'file', ...body };
  return receiveManifest(deps.db, { user, retailerId, grant }, input, today(deps));
}

async function knownRetailer(deps: ApiDeps, retailerId: string) {
  const [r] = await deps.db.select({ id: retailers.id }).from(retailers).where(eq(retailers.id, retailerId));
  if (!r) throw notFound();
  return r.id;
}

manifestRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/partner/manifest-mapping',
    'x-access': access.partner(),
    summary: 'The column mapping saved for the partner’s retailer (partners)',
    description:
      'Which of the retailer’s own columns hold the store number, date, weight, unit and categories. Null until a first file is kept.',
    tags,
    operationId: 'partnerManifestMapping',
    security,
    responses: { 200: json(mappingAnswer, 'Mapping'), ...errorResponses },
  }),
  async (c) => c.json({ mapping: await savedMapping(c.get('deps').db, checkedPartner(c).retailerId) }, 200),
);

manifestRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/partner/manifests',
    'x-access': access.partner(),
    summary: 'Send a manifest file (CSV or XLSX) of the partner’s retailer: a preview, then confirm (partners)',
    description:
      'Without a mapping given or saved, answers the header and a sample to choose one. With one, every problem by line; nothing is kept while any line is refused. Lines for store numbers not on file are kept and listed. The same file or the same lines again add nothing. A mapping given is saved for the retailer when the file is kept.',
    tags,
    operationId: 'partnerSendManifest',
    security,
    request: fileBody,
    responses: { 200: json(manifestAnswerSchema, 'Preview or result'), ...errorResponses },
  }),
  async (c) => {
    const grant = checkedPartner(c);
    return c.json(await upload(c.get('deps'), c.get('user'), grant.retailerId, grant, c.req.valid('json')), 200);
  },
);

manifestRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/partner/manifest-lines',
    'x-access': access.partner(),
    summary: 'Send manifest lines from a retailer’s system with a partner’s token (partners)',
    description:
      'Up to 5,000 lines a call: store number, date (YYYY-MM-DD), weight and unit (lb or kg), optional categories. All lines or none: 422 with every problem by line (the position in the list, from 1). Lines already on file, from a file or an earlier call, are not added again, so a call may be repeated safely.',
    tags,
    operationId: 'partnerSendManifestLines',
    security,
    request: { body: { content: { 'application/json': { schema: manifestLinesBodySchema } }, required: true } },
    responses: {
      200: json(manifestAnswerSchema, 'Kept'),
      422: json(manifestAnswerSchema, 'Refused: every problem by line'),
      ...errorResponses,
    },
  }),
  async (c) => {
    const grant = checkedPartner(c);
    const deps = c.get('deps');
    const { rows, mapping, hash } = apiRows(c.req.valid('json').lines);
    const answer = await receiveManifest(
      deps.db,
      { user: c.get('user'), retailerId: grant.retailerId, grant },
      { kind: 'api', rows, mapping, hash },
      today(deps),
    );
    return answer.problems.length ? c.json(answer, 422) : c.json(answer, 200);
  },
);

manifestRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/retailers/{retailerId}/manifest-mapping',
    'x-access': access.program('admin'),
    summary: 'The column mapping saved for a retailer’s manifests (program administrators)',
    tags,
    operationId: 'programManifestMapping',
    security,
    request: { params: z.object({ retailerId: uuidParam }) },
    responses: { 200: json(mappingAnswer, 'Mapping'), ...errorResponses },
  }),
  async (c) => {
    const retailerId = await knownRetailer(c.get('deps'), c.req.valid('param').retailerId);
    return c.json({ mapping: await savedMapping(c.get('deps').db, retailerId) }, 200);
  },
);

manifestRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/retailers/{retailerId}/manifests',
    'x-access': access.program('admin'),
    summary: 'Send a retailer’s manifest file (CSV or XLSX): a preview, then confirm (program administrators)',
    description: 'As the partner’s call, for any retailer.',
    tags,
    operationId: 'programSendManifest',
    security,
    request: { params: z.object({ retailerId: uuidParam }), ...fileBody },
    responses: { 200: json(manifestAnswerSchema, 'Preview or result'), ...errorResponses },
  }),
  async (c) => {
    const deps = c.get('deps');
    const retailerId = await knownRetailer(deps, c.req.valid('param').retailerId);
    return c.json(await upload(deps, c.get('user'), retailerId, null, c.req.valid('json')), 200);
  },
);
