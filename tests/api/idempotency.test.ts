// Idempotency-Key on creates, NUL characters refused at the edge, the feedback limit and branch.
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';
import { donationBody, donationWorld, type World } from './donation-setup';

describe.each(dbKinds())('Idempotency-Key on %s', (kind) => {
  let api: TestApi;
  let w: World;
  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
  });
  afterAll(() => api.close());
  const add = (key: string | undefined, over: Record<string, unknown> = {}, token = w.token) =>
    api.request('POST', `/api/branch/${w.branch.id}/donations`, {
      token,
      body: donationBody(w, { date: '2026-06-09', ...over }),
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const rowsOn = async (date: string) => (await api.db.select().from(s.donations).where(eq(s.donations.date, date))).length;

  it('a retry with the same key answers the first answer and makes no second row', async () => {
    const first = await add('k-retry', { date: '2026-06-01' });
    expect(first.status).toBe(201);
    const again = await add('k-retry', { date: '2026-06-01' });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(await rowsOn('2026-06-01')).toBe(1);
  });

  it('the same key with another body is 422 IDEMPOTENCY_KEY_REUSED', async () => {
    expect((await add('k-reused', { date: '2026-06-02' })).status).toBe(201);
    const other = await add('k-reused', { date: '2026-06-02', weight: 5 });
    expect(other.status).toBe(422);
    expect(other.json.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await rowsOn('2026-06-02')).toBe(1);
  });

  it('keys belong to one user; refusals do not use the key up; bad keys are 400', async () => {
    const theirs = await api.request('POST', `/api/branch/${w.other.id}/donations`, {
      token: w.outsiderToken,
      body: donationBody(w, { branchId: w.other.id, storeId: w.otherStore.id, date: '2026-06-03' }),
      headers: { 'idempotency-key': 'k-shared' },
    });
    expect(theirs.status).toBe(201);
    expect((await add('k-shared', { date: '2026-06-03' })).status).toBe(201);
    expect(await rowsOn('2026-06-03')).toBe(2);

    const refused = await add('k-fix', { date: '2026-06-04', weight: -1 });
    expect(refused.json.code).toBe('VALIDATION_WEIGHT');
    expect((await add('k-fix', { date: '2026-06-04' })).status).toBe(201);

    for (const key of ['', 'x'.repeat(201)]) expect((await add(key)).json.code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect((await add('x'.repeat(200), { date: '2026-06-05' })).status).toBe(201);
  });

  it('keys expire after 24 hours', async () => {
    expect((await add('k-old', { date: '2026-06-06' })).status).toBe(201);
    api.clock.now = new Date(api.clock.now.getTime() + 24 * 3600_000 + 1000);
    try {
      const later = await fixtures.token(api, w.member.id); // the first token has expired by now
      expect((await add('k-old', { date: '2026-06-06' }, later)).status).toBe(201);
      expect(await rowsOn('2026-06-06')).toBe(2);
    } finally {
      api.clock.now = new Date('2026-06-10T16:00:00Z');
    }
  });

  it('campaign donations and feedback take a key too', async () => {
    const body = donationBody(w, { storeId: w.campaignStore.id, date: '2026-06-07' });
    const path = `/api/branch/${w.branch.id}/${w.campaign!.id}/campaigndonations`;
    const headers = { 'idempotency-key': 'k-campaign' };
    const [a, b] = [
      await api.request('POST', path, { token: w.token, body, headers }),
      await api.request('POST', path, { token: w.token, body, headers }),
    ];
    expect([a.status, b.status, b.json.id]).toEqual([201, 201, a.json.id]);
    const contact = await fixtures.contact(api);
    const fb = () =>
      api.request('POST', '/api/feedback', {
        token: w.token,
        body: { contactId: contact.id, message: 'Hi' },
        headers: { 'idempotency-key': 'k-fb' },
      });
    const [f1, f2] = [await fb(), await fb()];
    expect(f2.json.id).toBe(f1.json.id);
    expect(await api.db.select().from(s.feedback)).toHaveLength(1);
    expect(await api.db.select().from(s.sentMail).where(eq(s.sentMail.kind, 'feedback'))).toHaveLength(1);
  });

  it('two identical requests racing make one row and the same answer', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => add('k-race', { date: '2026-06-08' })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.json.id)).size).toBe(1);
    expect(await rowsOn('2026-06-08')).toBe(1);
  });
});

describe.each(dbKinds())('NUL characters and feedback on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let w: World;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url } });
    w = await donationWorld(api);
    const second = await fixtures.branch(api, { name: 'Second Harvest Food Bank' });
    await api.db.insert(s.userBranches).values({ userId: w.member.id, branchId: second.id });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it.each([
    ['POST', '/api/user/login', () => ({ username: 'ad\u0000min', password: 'x' })],
    ['POST', '/api/user/forgot-password', () => ({ username: 'ad\u0000min' })],
    ['PUT', '/api/branch/{branch}', () => ({ name: 'Food\u0000Bank' })],
    ['POST', '/api/feedback', () => ({ contactId: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b', message: 'a\u0000b' })],
    [
      'POST',
      '/api/branch/{branch}/donations',
      () => ({ date: '2026-06-01', storeId: 'x', source: 0, weight: 1, weightUnit: 1, categories: [], createdBy: '\u0000' }),
    ],
    ['POST', '/api/user/login/challenge?username=a%00b', () => ({})],
  ])('%s %s with a NUL is 400 INVALID_CHARACTERS', async (method, path, body) => {
    const res = await api.request(method, path.replace('{branch}', w.branch.id), { token: w.token, body: body() });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('INVALID_CHARACTERS');
  });

  it('an escaped backslash followed by u0000 is ordinary text', async () => {
    const res = await api.request('POST', '/api/user/forgot-password', { body: { username: 'no\\u0000body' } });
    expect(res.json?.code).not.toBe('INVALID_CHARACTERS');
  });

  it('feedback names the selected food bank only, refuses another user’s, and stops at 5 per 10 minutes', async () => {
    const contact = await fixtures.contact(api);
    smtp.messages.length = 0;
    const send = (branchId?: string) =>
      api.request('POST', '/api/feedback', { token: w.token, body: { contactId: contact.id, message: 'Store list', branchId } });
    expect((await send(w.other.id)).status).toBe(404);
    expect((await send(w.branch.id)).status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.text).toContain('Food bank: Toronto Community Food Bank');
    expect(mail!.text).not.toContain('Second Harvest');
    for (let i = 0; i < 4; i++) expect((await send(w.branch.id)).status).toBe(201);
    const sixth = await send(w.branch.id);
    expect(sixth.status).toBe(429);
    expect(sixth.json.code).toBe('FEEDBACK_TOO_MANY');
    await smtp.waitFor(5);
    expect(smtp.messages).toHaveLength(5);
    api.clock.now = new Date(api.clock.now.getTime() + 10 * 60_000 + 1000);
    expect((await send(w.branch.id)).status).toBe(201);
  });
});
