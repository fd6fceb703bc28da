// The program-wide log shows the changes people made by default; sign-ins and the system's own entries (recomputed
// CO2e figures, sign-in codes, accounts bound at sign-in) only with include=all. Its days are the program's.
import { audit } from '@/donation-api/audit';
import * as s from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { addDonation, donationWorld, type World } from './donation-setup';

type Entry = { action: string; entity: string; changes: [string, unknown, unknown][] };

describe.each(dbKinds())('program audit log filter on %s', (kind) => {
  let api: TestApi;
  let w: World;
  let adminToken: string;

  beforeAll(async () => {
    api = await createTestApi(kind, { config: { timeZone: 'America/Toronto' } });
    w = await donationWorld(api);
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    adminToken = await fixtures.token(api, admin.id);
    await addDonation(api, w, { date: '2026-01-15', weight: 80 });
    const me = { userId: w.member.id, actor: w.member.email, entity: 'user', entityId: w.member.id };
    await audit(api.db, { ...me, action: 'login', after: { method: 'password' } });
    await audit(api.db, { ...me, action: 'logout' });
    await audit(api.db, { ...me, action: 'update', before: { objectId: null }, after: { objectId: 'oid-1', provider: 'aad' } });
    await audit(api.db, { ...me, action: 'update', before: { workplaceId: null }, after: { workplaceId: 'chat-1' } });
    await audit(api.db, { ...me, action: 'update', after: { remindersOptOut: true } });
    await audit(api.db, { ...me, action: 'create', entity: 'login_challenge', after: { botSource: 'chat' } });
    await audit(api.db, { ...me, action: 'fail', entity: 'login_challenge', after: { attempts: 1 } });
    await audit(api.db, { ...me, action: 'update', entity: 'donation_ghg', after: [{ id: 'x', ghgKgCo2e: 1 }] });
    await audit(api.db, { ...me, action: 'update', entity: 'campaign_donation_ghg', after: [] });
  });
  afterAll(() => api.close());

  const log = async (query = '') => {
    const res = await api.request('GET', `/api/program/audit${query}`, { token: adminToken });
    expect(res.status).toBe(200);
    return res.json.entries as Entry[];
  };
  const kinds = (entries: Entry[]) => entries.map((e) => `${e.action} ${e.entity}`);

  it('shows people’s changes by default, without sign-ins and system entries', async () => {
    for (const query of ['', '?include=people']) {
      const shown = kinds(await log(query));
      expect(shown).toContain('create donation');
      expect(shown).toContain('update user'); // the reminder preference a person turned off
      for (const hidden of ['login user', 'logout user', 'create login_challenge', 'fail login_challenge'])
        expect(shown).not.toContain(hidden);
      expect(shown.filter((k) => k.endsWith('_ghg'))).toEqual([]);
      const users = (await log(query)).filter((e) => e.entity === 'user').flatMap((e) => e.changes.map((c) => c[0]));
      expect(users).toEqual(['remindersOptOut']);
    }
  });

  it('includes sign-ins and system entries with include=all', async () => {
    const shown = kinds(await log('?include=all'));
    for (const k of ['create donation', 'login user', 'logout user', 'create login_challenge', 'fail login_challenge'])
      expect(shown).toContain(k);
    expect(shown).toContain('update donation_ghg');
    expect(shown).toContain('update campaign_donation_ghg');
    expect(shown.filter((k) => k === 'update user')).toHaveLength(3);
    expect((await api.request('GET', '/api/program/audit?include=everything', { token: adminToken })).status).toBe(400);
  });

  it('reads from and to as days in the program’s time zone', async () => {
    // 01:30 UTC on 16 January is 20:30 on 15 January in Toronto.
    await api.db.insert(s.auditLog).values({
      at: new Date('2026-01-16T01:30:00Z'),
      actor: 'late@example.org',
      action: 'update',
      entity: 'store',
      entityId: 'late-evening',
    });
    const ids = async (query: string) => (await log(`?q=late-evening&${query}`)).length;
    expect(await ids('from=2026-01-15&to=2026-01-15')).toBe(1);
    expect(await ids('from=2026-01-16')).toBe(0);
    expect(await ids('to=2026-01-14')).toBe(0);
  });
});
