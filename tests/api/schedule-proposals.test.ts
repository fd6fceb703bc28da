// A branch lead's proposed schedule change (docs/product.md, Pickups): the lead proposes for a store the branch collects
// from, the program staff in scope approve (the schedule changes) or decline with a reason (it does not), the lead sees
// the outcome and is mailed it; anyone else is the same 404 as an unknown id. Partners read only their stores'
// schedules.
import { and, eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { donationWorld, UNKNOWN_ID, type World } from './donation-setup';

describe.each(dbKinds())('schedule proposals on %s', (kind) => {
  let api: TestApi;
  let w: World;
  let lead: { token: string; email: string };
  let otherLead: string;
  let admin: string;
  let adminEmail: string;
  let ontario: string;
  let novaScotia: string;
  let partner: string;
  let slotId: string;
  const slot = (over: Record<string, unknown> = {}) => ({
    branchId: w.branch.id,
    weekdays: [2],
    windowStart: '14:00',
    windowEnd: '15:00',
    startsOn: '2026-07-01',
    ...over,
  });
  const propose = (body: unknown, token = lead.token, branchId = w.branch.id) =>
    api.request('POST', `/api/branch/${branchId}/schedule-proposals`, { token, body });
  const decide = (id: string, body: unknown, token = ontario) =>
    api.request('POST', `/api/program/schedule-proposals/${id}/decision`, { token, body });
  const slotRow = async (id: string) => (await api.db.select().from(s.pickupSlots).where(eq(s.pickupSlots.id, id)))[0];

  // A database per test: each changes schedules the others read (tests run in any order).
  beforeEach(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
    const leadUser = await fixtures.user(api, { branchIds: [w.branch.id] });
    const other = await fixtures.user(api, { branchIds: [w.other.id] });
    await api.db.update(s.userBranches).set({ lead: true }).where(eq(s.userBranches.userId, leadUser.id));
    await api.db.update(s.userBranches).set({ lead: true }).where(eq(s.userBranches.userId, other.id));
    lead = { token: await fixtures.token(api, leadUser.id), email: leadUser.email };
    otherLead = await fixtures.token(api, other.id);
    const user = async (role: 'admin' | 'coordinator', provinces: string[]) => {
      const u = await fixtures.user(api);
      await grantProgramRole(api.db, u.username, role, provinces, 'test');
      return { token: await fixtures.token(api, u.id), email: u.email };
    };
    ({ token: admin, email: adminEmail } = await user('admin', []));
    ontario = (await user('coordinator', ['ON'])).token;
    novaScotia = (await user('coordinator', ['NS'])).token;
    const p = await fixtures.user(api);
    await api.db.insert(s.partnerAccess).values({ userId: p.id, retailerId: w.store.retailerId! });
    partner = await fixtures.token(api, p.id);
    // Mondays at the Toronto store, and a slot of the Halifax store the partner's retailer does not own.
    const created = await api.request('POST', `/api/program/stores/${w.store.id}/pickup-slots`, {
      token: admin,
      body: slot({ weekdays: [1], windowStart: '09:00', windowEnd: '11:00', startsOn: '2026-05-01' }),
    });
    slotId = created.json.id;
    const halifax = { branchId: w.other.id, weekdays: [4], windowStart: '10:00', windowEnd: '11:00', startsOn: '2026-05-01' };
    expect((await api.request('POST', `/api/program/stores/${w.otherStore.id}/pickup-slots`, { token: admin, body: halifax })).status).toBe(
      200,
    );
  });
  afterEach(() => api.close());

  it("shows the lead the branch's stores and slots, and no one else", async () => {
    const res = await api.request('GET', `/api/branch/${w.branch.id}/schedule-proposals`, { token: lead.token });
    expect(res.status).toBe(200);
    expect(res.json.stores).toMatchObject([{ storeId: w.store.id, slots: [{ id: slotId, weekdays: [1] }] }]);
    // A member who is not a lead, another branch's lead, a partner and program staff: the same 404.
    for (const token of [w.token, otherLead, partner, admin])
      expect((await api.request('GET', `/api/branch/${w.branch.id}/schedule-proposals`, { token })).status).toBe(404);
  });

  it('refuses a proposal from anyone but the lead, for a store or slot not the branch’s, or without a note', async () => {
    const add = { kind: 'add', storeId: w.store.id, slot: slot(), note: 'The store asks for Tuesdays too' };
    for (const token of [w.token, otherLead, partner, admin]) expect((await propose(add, token)).status).toBe(404);
    // Halifax's lead, on Halifax's own path: the Toronto store and slot are not Halifax's to propose for.
    expect((await propose({ ...add, slot: slot({ branchId: w.other.id }) }, otherLead, w.other.id)).status).toBe(404);
    expect((await propose({ kind: 'end', slotId, endsOn: '2026-08-31', note: 'x' }, otherLead, w.other.id)).status).toBe(404);
    expect((await propose({ ...add, storeId: w.otherStore.id })).status).toBe(404);
    expect((await propose({ kind: 'change', slotId: UNKNOWN_ID, slot: slot(), note: 'x' })).status).toBe(404);
    const noNote = await propose({ ...add, note: '  ' });
    expect([noNote.status, noNote.json.code, noNote.json.field]).toEqual([400, 'REASON_REQUIRED', 'note']);
    // A slot for another branch only, and a slot against the rules of the store's screen.
    const foreign = await propose({ ...add, slot: slot({ branchId: w.other.id }) });
    expect([foreign.status, foreign.json.code]).toEqual([400, 'PICKUP_BRANCH']);
    expect((await propose({ ...add, slot: slot({ windowEnd: '13:00' }) })).status).toBe(400);
    expect((await propose({ kind: 'end', slotId, endsOn: '2026-04-01', note: 'x' })).status).toBe(400);
    expect(await api.db.select().from(s.scheduleProposals)).toHaveLength(0);
  });

  it('applies an approved addition, audits it and mails the program and the lead', async () => {
    const res = await propose({ kind: 'add', storeId: w.store.id, slot: slot(), note: 'The store asks for Tuesdays too' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ kind: 'add', status: 'open', proposed: { weekdays: [2], branchName: 'Toronto Community Food Bank' } });
    const toStaff = await api.db.select().from(s.sentMail).where(eq(s.sentMail.to, adminEmail));
    expect(toStaff.map((m) => m.subject)).toContain('Schedule change proposed: Loblaw Companies - No Frills - Queen St W');
    // Program staff in scope see it; a coordinator of another province neither sees nor decides it.
    const open = await api.request('GET', '/api/program/schedule-proposals?status=open', { token: ontario });
    expect(open.json.map((p: { id: string }) => p.id)).toEqual([res.json.id]);
    expect((await api.request('GET', '/api/program/schedule-proposals', { token: novaScotia })).json).toEqual([]);
    expect((await decide(res.json.id, { approve: true }, novaScotia)).status).toBe(404);
    for (const token of [lead.token, partner]) expect((await decide(res.json.id, { approve: true }, token)).status).toBe(404);

    const approved = await decide(res.json.id, { approve: true });
    expect([approved.status, approved.json.status]).toEqual([200, 'approved']);
    const added = await slotRow(approved.json.slotId);
    expect([added!.storeId, added!.weekdays.map(Number), added!.windowStart, added!.startsOn]).toEqual([
      w.store.id,
      [2],
      '14:00',
      '2026-07-01',
    ]);
    const again = await decide(res.json.id, { approve: false, reason: 'late' });
    expect([again.status, again.json.code]).toEqual([409, 'REOPEN_ALREADY_DECIDED']);
    const audits = await api.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entity, 'schedule_proposal'), eq(s.auditLog.entityId, res.json.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['approve', 'create']);
    const toLead = await api.db.select().from(s.sentMail).where(eq(s.sentMail.to, lead.email));
    expect(toLead.map((m) => m.subject)).toEqual(['Schedule change approved: Loblaw Companies - No Frills - Queen St W']);
  });

  it('leaves the schedule as it is when declined, with the reason the lead reads', async () => {
    const before = await slotRow(slotId);
    const res = await propose({
      kind: 'change',
      slotId,
      slot: slot({ weekdays: [1, 3], windowStart: '08:00', windowEnd: '10:00' }),
      note: 'Earlier',
    });
    expect(res.json).toMatchObject({ current: { weekdays: [1], windowStart: '09:00' }, proposed: { weekdays: [1, 3] } });
    const noReason = await decide(res.json.id, { approve: false });
    expect([noReason.status, noReason.json.code]).toEqual([400, 'REASON_REQUIRED']);
    expect((await decide(res.json.id, { approve: false, reason: 'The store opens at 9' })).json.status).toBe('declined');
    expect(await slotRow(slotId)).toEqual(before);
    const seen = await api.request('GET', `/api/branch/${w.branch.id}/schedule-proposals`, { token: lead.token });
    expect(seen.json.proposals.find((p: { id: string }) => p.id === res.json.id)).toMatchObject({
      status: 'declined',
      decisionReason: 'The store opens at 9',
    });
  });

  it('ends a slot when its end is approved, and changes one when its change is', async () => {
    const end = await propose({ kind: 'end', slotId, endsOn: '2026-08-31', note: 'The store closes for renovation' });
    expect((await decide(end.json.id, { approve: true }, admin)).json.status).toBe('approved');
    expect((await slotRow(slotId))!.endsOn).toBe('2026-08-31');
    const change = await propose({
      kind: 'change',
      slotId,
      slot: slot({ weekdays: [1], windowStart: '10:00', windowEnd: '12:00' }),
      note: 'Later',
    });
    expect((await decide(change.json.id, { approve: true })).json.slotId).toBe(slotId);
    const changed = await slotRow(slotId);
    expect([changed!.windowStart, changed!.endsOn]).toEqual(['10:00', null]);
  });

  it("shows a partner only its own stores' schedules, read-only", async () => {
    const res = await api.request('GET', '/api/partner/schedules', { token: partner });
    expect(res.status).toBe(200);
    expect(res.json.map((x: { storeId: string }) => x.storeId)).toEqual([w.store.id]);
    // The partner's store view asks for one store: its own answers, another retailer's is as empty as an unknown one.
    const one = (id: string) => api.request('GET', `/api/partner/schedules?storeId=${id}`, { token: partner });
    expect((await one(w.store.id)).json.map((x: { storeId: string }) => x.storeId)).toEqual([w.store.id]);
    expect([(await one(w.otherStore.id)).json, (await one(UNKNOWN_ID)).json, (await one('nope')).json]).toEqual([[], [], []]);
    // The Halifax store has a slot too: it is left out because it is not the partner's.
    expect(await api.db.select().from(s.pickupSlots).where(eq(s.pickupSlots.storeId, w.otherStore.id))).toHaveLength(1);
    expect((await api.request('GET', `/api/program/stores/${w.store.id}/schedule`, { token: partner })).status).toBe(404);
    expect(
      (await api.request('POST', '/api/program/schedules/import', { token: partner, body: { csv: 'x', confirm: false } })).status,
    ).toBe(404);
  });
});
