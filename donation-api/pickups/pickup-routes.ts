// Pickups (docs/product.md, Pickups): store schedules for program staff (/api/program/...), read-only for the store's
// partner (/api/partner/schedules), and a branch's scheduled pickups with its one-tap answers (/api/branch/...).
import { createRoute, z } from '@hono/zod-openapi';
import {
  addDays,
  branchPickupSchema,
  pickupOutcomeBodySchema,
  pickupPauseBodySchema,
  pickupSlotBodySchema,
  storeScheduleSchema,
  todayFrom,
} from '@/lib/domain/pickups';
import { newRouter } from '../router';
import { access, checkedBranchId, checkedPartner, checkedProgram } from '../auth/access';
import { ErrorSchema, errorResponses, uuidParam } from '../http/params';
import { branchPickups, recordOutcome } from './pickups';
import { createPause, createSlot, deletePause, deleteSlot, partnerSchedules, programStore, storeSchedule, updateSlot } from './schedules';

export const pickupRoutes = newRouter();

const security = [{ bearerAuth: [] }];
const id = z.string().max(64);
const json = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const ok = <T extends z.ZodType>(description: string, schema: T) => ({ 200: { description, content: { 'application/json': { schema } } } });
const conflict = {
  409: { description: 'Something else is recorded (PICKUP_RECORDED)', content: { 'application/json': { schema: ErrorSchema } } },
};
const Created = z.object({ id: z.string() });
const Changed = z.object({ changed: z.boolean() });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

pickupRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/program/stores/{storeId}/schedule',
    'x-access': access.program('staff'),
    summary: "A store's pickup slots and pauses (a coordinator: a store served in their provinces)",
    tags: ['Pickups'],
    operationId: 'getStoreSchedule',
    security,
    request: { params: z.object({ storeId: id }) },
    responses: { ...ok('Schedule', storeScheduleSchema), ...errorResponses },
  }),
  async (c) => {
    const { db } = c.get('deps');
    return c.json(await storeSchedule(db, await programStore(db, checkedProgram(c), c.req.valid('param').storeId)), 200);
  },
);

pickupRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/stores/{storeId}/pickup-slots',
    'x-access': access.program('staff'),
    summary: 'Add a pickup slot to a store: weekdays, window, every week or every other week, collecting and backup branch',
    tags: ['Pickups'],
    operationId: 'createPickupSlot',
    security,
    request: { params: z.object({ storeId: id }), ...json(pickupSlotBodySchema) },
    responses: { ...ok('Created', Created), ...errorResponses },
  }),
  async (c) =>
    c.json(await createSlot(c.get('deps').db, checkedProgram(c), c.get('user'), c.req.valid('param').storeId, c.req.valid('json')), 200),
);

pickupRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/program/pickup-slots/{slotId}',
    'x-access': access.program('staff'),
    summary: 'Change a pickup slot (what was recorded for its past pickups stays)',
    tags: ['Pickups'],
    operationId: 'updatePickupSlot',
    security,
    request: { params: z.object({ slotId: id }), ...json(pickupSlotBodySchema) },
    responses: { ...ok('Changed', Changed), ...errorResponses },
  }),
  async (c) =>
    c.json(await updateSlot(c.get('deps').db, checkedProgram(c), c.get('user'), c.req.valid('param').slotId, c.req.valid('json')), 200),
);

pickupRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/program/pickup-slots/{slotId}',
    'x-access': access.program('staff'),
    summary: 'Delete a pickup slot (its donations stay, unlinked)',
    tags: ['Pickups'],
    operationId: 'deletePickupSlot',
    security,
    request: { params: z.object({ slotId: id }) },
    responses: { ...ok('Deleted', Changed), ...errorResponses },
  }),
  async (c) => c.json(await deleteSlot(c.get('deps').db, checkedProgram(c), c.get('user'), c.req.valid('param').slotId), 200),
);

pickupRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/program/stores/{storeId}/pickup-pauses',
    'x-access': access.program('staff'),
    summary: "Pause a store's pickups from one date to another (a holiday, a renovation); the slots stay",
    tags: ['Pickups'],
    operationId: 'createPickupPause',
    security,
    request: { params: z.object({ storeId: id }), ...json(pickupPauseBodySchema) },
    responses: { ...ok('Created', Created), ...errorResponses },
  }),
  async (c) =>
    c.json(await createPause(c.get('deps').db, checkedProgram(c), c.get('user'), c.req.valid('param').storeId, c.req.valid('json')), 200),
);

pickupRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/program/pickup-pauses/{pauseId}',
    'x-access': access.program('staff'),
    summary: 'End a pause early by deleting it',
    tags: ['Pickups'],
    operationId: 'deletePickupPause',
    security,
    request: { params: z.object({ pauseId: id }) },
    responses: { ...ok('Deleted', Changed), ...errorResponses },
  }),
  async (c) => c.json(await deletePause(c.get('deps').db, checkedProgram(c), c.get('user'), c.req.valid('param').pauseId), 200),
);

pickupRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/partner/schedules',
    'x-access': access.partner(),
    summary: "The pickup schedules of the partner's stores (or of one of them: `storeId`), read-only",
    tags: ['Partner'],
    operationId: 'listPartnerSchedules',
    security,
    request: { query: z.object({ storeId: id.optional() }) },
    responses: { ...ok('Schedules', z.array(storeScheduleSchema)), ...errorResponses },
  }),
  async (c) => c.json(await partnerSchedules(c.get('deps').db, checkedPartner(c), c.req.valid('query').storeId), 200),
);

pickupRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/branch/{branchId}/pickups',
    'x-access': access.branch('read'),
    summary: "The branch's scheduled pickups from `from` to `to` (default: the last two weeks and the next six days), late first",
    tags: ['Pickups'],
    operationId: 'listBranchPickups',
    security,
    request: { params: z.object({ branchId: uuidParam }), query: z.object({ from: isoDate.optional(), to: isoDate.optional() }) },
    responses: { ...ok('Pickups', z.array(branchPickupSchema)), ...errorResponses },
  }),
  async (c) => {
    const { db, now, config } = c.get('deps');
    const today = todayFrom(now(), config.timeZone);
    const q = c.req.valid('query');
    const range = { from: q.from ?? addDays(today, -13), to: q.to ?? addDays(today, 6) };
    return c.json(await branchPickups(db, checkedBranchId(c), range, today), 200);
  },
);

pickupRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/branch/{branchId}/pickups/{pickupId}/outcome',
    'x-access': access.branch('write'),
    summary: 'No food available, or missed with a reason; a second identical tap records nothing twice',
    tags: ['Pickups'],
    operationId: 'recordPickupOutcome',
    security,
    request: { params: z.object({ branchId: uuidParam, pickupId: z.string().max(80) }), ...json(pickupOutcomeBodySchema) },
    responses: {
      ...ok('Recorded (changed: false for a repeat)', z.object({ pickupId: z.string(), changed: z.boolean() })),
      ...errorResponses,
      ...conflict,
    },
  }),
  async (c) => {
    const { db, now, config } = c.get('deps');
    const today = todayFrom(now(), config.timeZone);
    return c.json(
      await recordOutcome(db, c.get('user'), checkedBranchId(c), c.req.valid('param').pickupId, c.req.valid('json'), today),
      200,
    );
  },
);
