import * as s from '@/donation-api/db/schema';
import { LBS_PER_MEAL } from '@/lib/domain/impact';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { pdfText } from '../support/pdf-text';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';
import { addDonation, donationBody, donationWorld, submit, UNKNOWN_ID, type World } from './donation-setup';

async function bytes(api: TestApi, path: string, token: string) {
  const res = await api.app.request(path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** The branch's donations every test starts from. */
async function summariesWorld(api: TestApi): Promise<World> {
  const w = await donationWorld(api);
  // 2026: April 100 lbs back (25% meat, 75% produce) + 10 kg front (100% dairy); May 0 lbs "No Donation".
  await addDonation(api, w, { date: '2026-04-03', weight: 100, source: 0 });
  await addDonation(api, w, { date: '2026-04-09', weight: 10, weightUnit: 0, source: 1, categories: [{ categoryId: 2, fraction: 1 }] });
  await addDonation(api, w, { date: '2026-05-02', weight: 0, categories: [{ categoryId: 9, fraction: 1 }] });
  // 2025 (closed for entry by June 2026): inserted directly, as history.
  const [old] = await api.db
    .insert(s.donations)
    .values({
      branchId: w.branch.id,
      campaignId: '00000000-0000-0000-0000-000000000000',
      storeId: w.store.id,
      date: '2025-04-15',
      source: 1,
      weight: 60,
      weightUnit: 1,
      weightInPounds: 60,
      ghgKgCo2e: 12,
    })
    .returning();
  await api.db.insert(s.donationCategories).values({ donationId: old!.id, categoryId: 3, fraction: 1 });
  // Another branch's donation never counts.
  const otherToken = await fixtures.token(api, w.outsider.id);
  const res = await api.request('POST', `/api/branch/${w.other.id}/donations`, {
    token: otherToken,
    body: donationBody(w, { branchId: w.other.id, storeId: w.otherStore.id, date: '2026-04-05', weight: 999 }),
  });
  expect(res.status).toBe(201);
  return w;
}

describe.each(dbKinds())('totals, impact, store usage and the monthly report on %s', (kind) => {
  let api: TestApi;
  let w: World;
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url } });
    w = await summariesWorld(api);
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it('answers the year totals, twelve months, the category mix and the previous year beside them', async () => {
    const res = await api.request('GET', `/api/branch/${w.branch.id}/year-summary/2026`, { token: w.token });
    expect(res.status).toBe(200);
    const kgLbs = 10 * 2.20462262;
    const y = res.json;
    expect(y.year).toBe(2026);
    expect(y.totals.count).toBe(3);
    expect(y.totals.totalPounds).toBeCloseTo(100 + kgLbs, 6);
    expect(y.totals.frontStorePounds).toBeCloseTo(kgLbs, 6);
    expect(y.totals.backStorePounds).toBeCloseTo(100, 6);
    expect(y.months).toHaveLength(12);
    expect(y.months[3]).toMatchObject({ month: 4, count: 2, backStorePounds: 100 });
    expect(y.months[4]).toMatchObject({ month: 5, count: 1, frontStorePounds: 0, backStorePounds: 0 });
    const names = y.totals.categories.map((c: any) => c.name);
    expect(names).toEqual(['Meat & Seafood', 'Dairy', 'Produce', 'No Donation']);
    const produce = y.totals.categories.find((c: any) => c.name === 'Produce');
    expect(produce.pounds).toBeCloseTo(75, 6);
    expect(produce.share).toBeCloseTo(75 / (100 + kgLbs), 6);
    expect(produce.nameFr).toBe('Fruits et légumes');
    // Meals: food pounds only ("No Donation" weighs 0 here anyway), at 1.2 lb per meal.
    expect(y.totals.foodPounds).toBeCloseTo(100 + kgLbs, 6);
    expect(y.totals.meals).toBe(Math.floor((100 + kgLbs) / LBS_PER_MEAL));
    // The gas figure is the sum of the donations' own figures.
    const list = await api.request('GET', `/api/branch/${w.branch.id}/donations/2026/4`, { token: w.token });
    const ghg = list.json.reduce((sum: number, d: any) => sum + d.ghgKgCo2e, 0);
    expect(ghg).toBeGreaterThan(0);
    expect(y.totals.ghgKgCo2e).toBeCloseTo(ghg, 6);
    // The previous year, for the chart.
    expect(y.previousYear.year).toBe(2025);
    expect(y.previousYear.totals).toMatchObject({ count: 1, totalPounds: 60, frontStorePounds: 60, ghgKgCo2e: 12, meals: 50 });
    expect(y.previousYear.months[3]).toMatchObject({ month: 4, count: 1, frontStorePounds: 60 });
  });

  it('answers a month: totals, front/back split, category mix, and who submitted it when', async () => {
    let res = await api.request('GET', `/api/branch/${w.branch.id}/month-summary/2026/4`, { token: w.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      branchName: 'Toronto Community Food Bank',
      year: 2026,
      month: 4,
      submitted: false,
      submittedBy: null,
    });
    expect(res.json.totals.count).toBe(2);
    expect(res.json.totals.categories.map((c: any) => c.name)).toEqual(['Meat & Seafood', 'Dairy', 'Produce']);
    // A month of only zero-weight "No Donation" shows its split as a plain mean.
    res = await api.request('GET', `/api/branch/${w.branch.id}/month-summary/2026/5`, { token: w.token });
    expect(res.json.totals).toMatchObject({ count: 1, totalPounds: 0, meals: 0 });
    expect(res.json.totals.categories).toEqual([expect.objectContaining({ name: 'No Donation', share: 1, pounds: 0 })]);
  });

  it("answers 404 for another branch's or an unknown branch's totals, report and stores", async () => {
    for (const path of ['year-summary/2026', 'month-summary/2026/4', 'month-summary/2026/4/pdf', 'store-usage']) {
      for (const id of [w.other.id, UNKNOWN_ID]) {
        const res = await api.request('GET', `/api/branch/${id}/${path}`, { token: w.token });
        expect(res.status).toBe(404);
      }
      expect((await api.request('GET', `/api/branch/${w.branch.id}/${path}`)).status).toBe(401);
    }
    expect((await api.request('GET', `/api/branch/${w.branch.id}/month-summary/2026/13`, { token: w.token })).status).toBe(400);
    expect((await api.request('GET', `/api/branch/${w.branch.id}/month-summary/2026/4/pdf?lang=de`, { token: w.token })).status).toBe(400);
  });

  // A database of its own: submitting April changes what the month summary above reads (not submitted yet).
  describe('submitting a month', () => {
    let own: TestApi;
    let ow: World;
    beforeAll(async () => {
      own = await createTestApi(kind, { config: { smtpUrl: smtp.url } });
      ow = await summariesWorld(own);
    });
    afterAll(() => own.close());

    it('mails the submitter the month summary on submit, through real SMTP, in both languages', async () => {
      const before = smtp.messages.length;
      expect((await submit(own, ow, 2026, 4, 'Pallets from the DC')).status).toBe(200);
      const [mail] = (await smtp.waitFor(before + 1)).slice(before);
      expect(mail!.to).toEqual([ow.member.email]);
      expect(mail!.subject).toContain('Report submitted: Toronto Community Food Bank, April 2026');
      expect(mail!.subject).toContain('Rapport soumis\u00a0: Toronto Community Food Bank, avril 2026');
      expect(mail!.text).toContain('Donations: 2');
      expect(mail!.text).toContain('Total: 122.05 lbs');
      expect(mail!.text).toContain('RFP - Back of Store: 100 lbs');
      expect(mail!.text).toContain('Produce: ');
      expect(mail!.text).toContain(`Submitted by ${ow.member.username} on`);
      expect(mail!.text).toContain('Comments: Pallets from the DC');
      expect(mail!.text).toContain('Programme de récupération en épicerie');
      expect(mail!.text).toContain('Total\u00a0: 122,05 lb');
      expect(mail!.text).toContain('Fruits et légumes\u00a0: ');
      const res = await own.request('GET', `/api/branch/${ow.branch.id}/month-summary/2026/4`, { token: ow.token });
      expect(res.json).toMatchObject({ submitted: true, submittedBy: ow.member.username, comments: 'Pallets from the DC' });
      expect(new Date(res.json.submittedAt).toISOString()).toBe(res.json.submittedAt);
    });

    it('names who entered and who last changed a donation', async () => {
      const editor = await fixtures.user(own, { branchIds: [ow.branch.id] });
      const created = await addDonation(own, ow, { date: '2026-06-04' });
      expect(created).toMatchObject({ createdByName: ow.member.username, updatedByName: ow.member.username });
      const token = await fixtures.token(own, editor.id);
      const res = await own.request('PUT', `/api/donation/${created.id}`, {
        token,
        body: donationBody(ow, { date: '2026-06-04', weight: 5 }),
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ createdByName: ow.member.username, updatedByName: editor.username });
    });
  });

  // A database of its own, with April submitted before its tests; the stores' uses count every donation of the branch.
  describe('a submitted month', () => {
    let own: TestApi;
    let ow: World;
    beforeAll(async () => {
      own = await createTestApi(kind);
      ow = await summariesWorld(own);
      expect((await submit(own, ow, 2026, 4, 'Pallets from the DC')).status).toBe(200);
    });
    afterAll(() => own.close());

    it('renders the monthly report as a PDF: branch, totals, categories, the list with amounts entered, submitter', async () => {
      const en = await bytes(own, `/api/branch/${ow.branch.id}/month-summary/2026/4/pdf?lang=en`, ow.token);
      expect(en.status).toBe(200);
      expect(en.headers.get('content-type')).toBe('application/pdf');
      expect(en.headers.get('content-disposition')).toContain('Toronto-Community-Food-Bank-2026-04-report.pdf');
      expect(en.body.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(en.body).replace(/\n/g, ' ');
      for (const part of ['Toronto Community Food Bank', 'April 2026', 'Produce', 'Queen St W', '100 lbs', '(10 kg)', ow.member.username])
        expect(text).toContain(part);
      expect(text).toMatch(/Submitted by .* on/);
      const fr = pdfText((await bytes(own, `/api/branch/${ow.branch.id}/month-summary/2026/4/pdf?lang=fr`, ow.token)).body);
      expect(fr.replace(/\n/g, ' ')).toContain('Fruits et l');
      expect(fr).toContain('avril 2026');
    });

    it('lists the stores most used first, with the last donation and the median of the last 50', async () => {
      const store2 = await fixtures.store(own, ow.branch.id, { name: 'Bloor St', number: '9', retailer: 'Metro Inc.', banner: 'Metro' });
      for (const [day, weight] of [
        ['2026-06-01', 10],
        ['2026-06-02', 20],
        ['2026-06-03', 40],
      ] as const)
        await addDonation(own, ow, { date: day, storeId: store2.id, weight, source: 1, categories: [{ categoryId: 4, fraction: 1 }] });
      const res = await own.request('GET', `/api/branch/${ow.branch.id}/store-usage`, { token: ow.token });
      expect(res.status).toBe(200);
      expect(res.json.map((u: any) => u.storeId)).toEqual([ow.store.id, store2.id]);
      const [first, second] = res.json;
      expect(first.uses).toBe(4); // three in 2026 + the 2025 one
      expect(second).toMatchObject({ uses: 3, medianPounds: 20 });
      expect(second.last).toMatchObject({
        date: '2026-06-03',
        source: 1,
        weight: 40,
        weightUnit: 1,
        categories: [{ categoryId: 4, fraction: 1 }],
      });
    });
  });
});
