// Branches, stores, CSV imports with a preview, and store requests.
import { eq } from 'drizzle-orm';
import { branches, donations, stores } from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';

const BRANCH = { name: 'Moncton Food Bank', email: 'mfb@example.org', phoneNumber: '506-555-0100', address1: '1 Main', city: 'Moncton' };

describe.each(dbKinds())('places on %s', (kind) => {
  let api: TestApi;
  let admin: string;
  let staff: string;
  let home: { id: string };
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url, appUrl: 'http://app.test' } });
    home = await fixtures.branch(api, { name: 'Home Bank' });
    await fixtures.user(api, { username: 'placesadmin', email: 'placesadmin@example.org' });
    await grantProgramRole(api.db, 'placesadmin', 'admin', [], 'test');
    admin = await api.login('placesadmin', TEST_PASSWORD);
    const u = await fixtures.user(api, { branchIds: [home.id], email: 'asker@example.org', locale: 'fr' });
    staff = await api.login(u.username, TEST_PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it('refuses every place call to branch staff with the same 404', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/program/branches'],
      ['POST', '/api/program/branches', { ...BRANCH, postalCode: 'E1C 1A1' }],
      ['POST', '/api/program/branches/import', { csv: 'name\nX\n' }],
      ['PUT', `/api/program/branches/${home.id}/active`, { active: false, reason: 'x' }],
      ['GET', '/api/program/stores'],
      ['GET', '/api/program/store-requests'],
    ];
    for (const [method, path, body] of calls) {
      expect((await api.request(method, path, { token: staff, body })).status).toBe(404);
    }
  });

  it('creates a branch under the organisation details rules and deactivates it with a reason', async () => {
    const missing = await api.request('POST', '/api/program/branches', { token: admin, body: BRANCH });
    expect([missing.status, missing.json.code, missing.json.field]).toEqual([400, 'ORG_POSTAL_CODE_VALIDATE', 'postalCode']);
    const res = await api.request('POST', '/api/program/branches', {
      token: admin,
      body: { ...BRANCH, postalCode: 'E1C 1A1', province: 'Nouveau-Brunswick', reason: 'onboarding' },
    });
    expect(res.status).toBe(200);
    expect(res.json.province).toBe('NB');
    const off = await api.request('PUT', `/api/program/branches/${res.json.id}/active`, {
      token: admin,
      body: { active: false, reason: 'merged' },
    });
    expect(off.json.changed).toBe(true);
    const [row] = await api.db.select().from(branches).where(eq(branches.id, res.json.id));
    expect(row!.deactivatedAt).toEqual(api.clock.now);
  });

  it('previews a store CSV row by row, writes nothing when a row is refused, and writes on confirm', async () => {
    const count = async () => (await api.db.select().from(stores)).length;
    const before = await count();
    const bad =
      'retailer,banner,store name,number,branch\nMetro Inc.,Food Basics,Main St,9001,Home Bank\n,Metro,King St,9002,Nowhere Bank\n';
    const refused = await api.request('POST', '/api/program/stores/import', { token: admin, body: { csv: bad, confirm: true } });
    expect(refused.json.written).toBe(false);
    // A stable code (and params) for the screens' text in either language; the English message for the command line.
    expect(refused.json.problems).toEqual([
      { line: 3, column: 'retailer', code: 'CSV_RETAILER_REQUIRED', params: {}, message: 'a retailer is required' },
    ]);
    expect(await count()).toBe(before);

    const good = 'retailer,banner,store name,number,branch\nMetro Inc.,Food Basics,Main St,9001,Home Bank\n';
    const preview = await api.request('POST', '/api/program/stores/import', { token: admin, body: { csv: good } });
    expect(preview.json).toMatchObject({ written: false, problems: [], rows: [{ line: 2, action: 'create' }] });
    expect(await count()).toBe(before);
    const done = await api.request('POST', '/api/program/stores/import', { token: admin, body: { csv: good, confirm: true } });
    expect(done.json).toMatchObject({ written: true, created: 1, linked: 1 });
    expect(await count()).toBe(before + 1);
  });

  it('moves a store to another branch; its past donations stay where they were', async () => {
    const store = await fixtures.store(api, home.id, { retailer: 'Move Retailer', number: '77' });
    const other = await fixtures.branch(api, { name: 'Other Bank' });
    const [d] = await api.db
      .insert(donations)
      .values({
        branchId: home.id,
        campaignId: '00000000-0000-0000-0000-000000000000',
        storeId: store.id,
        date: '2026-01-05',
        source: 0,
        weight: 10,
        weightUnit: 1,
        weightInPounds: 10,
      })
      .returning();
    const moved = await api.request('PUT', `/api/program/stores/${store.id}/branches`, {
      token: admin,
      body: { branchIds: [other.id], reason: 'served by Other Bank now' },
    });
    expect(moved.json.changed).toBe(true);
    const [after] = await api.db.select().from(donations).where(eq(donations.id, d!.id));
    expect(after!.branchId).toBe(home.id);
    const list = await api.request('GET', '/api/program/stores?q=move', { token: admin });
    expect(list.json[0].branches).toEqual([{ branchId: other.id, branchName: 'Other Bank' }]);
  });

  it("sends a branch's store request to the administrators, who approve it into the branch's stores", async () => {
    // The mails of this test are the ones after those already received: the tests run in any order.
    const seen = smtp.messages.length;
    const sent = await api.request('POST', `/api/branch/${home.id}/store-requests`, {
      token: staff,
      body: { retailer: 'Co-op', name: 'Rue Principale', number: '55' },
    });
    expect(sent.status).toBe(200);
    // The program's administrators hear of it at once, with the way to the screen that decides.
    const toAdmin = (await smtp.waitFor(seen + 1))[seen];
    expect(toAdmin!.to).toEqual(['placesadmin@example.org']);
    expect(toAdmin!.subject).toBe('Store request: Rue Principale (Home Bank)');
    expect(toAdmin!.text).toContain('http://app.test/program/stores');
    const open = await api.request('GET', '/api/program/store-requests', { token: admin });
    expect(open.json.map((r: { id: string }) => r.id)).toContain(sent.json.id);
    const approved = await api.request('POST', `/api/program/store-requests/${sent.json.id}/decision`, {
      token: admin,
      body: { approve: true, reason: '' },
    });
    expect(approved.status).toBe(200);
    const mine = await api.request('GET', `/api/branch/${home.id}/stores`, { token: staff });
    expect(mine.json.map((s: { name: string }) => s.name)).toContain('Rue Principale');
    // The requester is told the outcome by e-mail (in their language) and on the form.
    const toAsker = (await smtp.waitFor(seen + 2))[seen + 1];
    expect([toAsker!.to, toAsker!.subject]).toEqual([['asker@example.org'], 'Magasin ajouté : Rue Principale']);
    const outcome = await api.request('GET', `/api/branch/${home.id}/store-requests`, { token: staff });
    expect(outcome.json.find((r: { id: string }) => r.id === sent.json.id)).toMatchObject({ status: 'approved' });
    const again = await api.request('POST', `/api/program/store-requests/${sent.json.id}/decision`, {
      token: admin,
      body: { approve: false, reason: 'x' },
    });
    expect(again.status).toBe(404);
  });

  it('tells the requester why a store request was refused', async () => {
    const seen = smtp.messages.length;
    const sent = await api.request('POST', `/api/branch/${home.id}/store-requests`, {
      token: staff,
      body: { retailer: 'X', name: 'Gone' },
    });
    await smtp.waitFor(seen + 1);
    await api.request('POST', `/api/program/store-requests/${sent.json.id}/decision`, {
      token: admin,
      body: { approve: false, reason: 'Ce magasin est fermé' },
    });
    const refusal = (await smtp.waitFor(seen + 2))[seen + 1];
    expect(refusal!.subject).toBe('Demande de magasin refusée : Gone');
    expect(refusal!.text).toContain('Raison : Ce magasin est fermé');
    const outcome = await api.request('GET', `/api/branch/${home.id}/store-requests`, { token: staff });
    expect(outcome.json.find((r: { id: string }) => r.id === sent.json.id)).toMatchObject({
      status: 'refused',
      decisionReason: 'Ce magasin est fermé',
    });
  });

  it('links a store to a second branch without taking it from the first', async () => {
    const store = await fixtures.store(api, home.id, { retailer: 'Two Branch Retailer', number: '88' });
    const second = await fixtures.branch(api, { name: 'Second Bank' });
    const res = await api.request('PUT', `/api/program/stores/${store.id}/branches`, {
      token: admin,
      body: { branchIds: [home.id, second.id], reason: 'serves both' },
    });
    expect(res.json.changed).toBe(true);
    const list = await api.request('GET', '/api/program/stores?q=two%20branch', { token: admin });
    expect(list.json[0].branches.map((b: { branchName: string }) => b.branchName)).toEqual(['Home Bank', 'Second Bank']);
  });
});
