// The reopening workflow: a branch asks, program staff in scope are e-mailed and answer; the month
// opens only on approval; every submission is kept with its totals.
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';
import { addDonation, donationWorld, submit, UNKNOWN_ID, type World } from './donation-setup';

describe.each(dbKinds())('reopening workflow on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let w: World;
  let admin: { token: string; email: string };
  let coordinatorOn: { token: string; email: string };
  let coordinatorNs: { token: string; email: string };

  async function staff(role: 'admin' | 'coordinator', provinces: string[], locale = 'en') {
    const u = await fixtures.user(api, { locale });
    await grantProgramRole(api.db, u.username, role, provinces, 'test');
    return { token: await fixtures.token(api, u.id), email: u.email };
  }

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url, appUrl: 'https://rfp.example.org' } });
    w = await donationWorld(api);
    admin = await staff('admin', []);
    coordinatorOn = await staff('coordinator', ['ON'], 'fr');
    coordinatorNs = await staff('coordinator', ['NS']);
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const path = (m: number) => `/api/branch/${w.branch.id}/2026/${m}`;
  const ask = (m: number, reason = 'Late Sobeys invoice', token = w.token) =>
    api.request('POST', `${path(m)}/reopen-request`, { token, body: { reason } });
  /** A submitted month of its own with an open request: each test reads only the months it made, in any order. */
  async function openRequest(m: number, reason = 'Late Sobeys invoice') {
    await addDonation(api, w, { date: `2026-0${m}-04`, weight: 100 });
    expect((await submit(api, w, 2026, m, 'First try')).status).toBe(200);
    const before = smtp.messages.length;
    const res = await ask(m, reason);
    expect(res.status).toBe(201);
    // The staff's mails of this request arrive before the test counts its own.
    await smtp.waitFor(before + 2);
    return res.json.id as string;
  }

  it('takes a request with a reason on a submitted month only, once at a time, and e-mails the staff in scope', async () => {
    await addDonation(api, w, { date: '2026-05-04', weight: 100 });
    expect((await ask(5)).json.code).toBe('REOPEN_NOT_SUBMITTED');
    expect((await submit(api, w, 2026, 5, 'First try')).status).toBe(200);
    expect((await ask(5, '   ')).status).toBe(400);
    expect((await ask(5, '   ')).json.code).toBe('REOPEN_REASON_REQUIRED');
    // Another branch's staff: the same 404 as an unknown branch.
    expect((await ask(5, 'x', w.outsiderToken)).status).toBe(404);
    expect(
      (await api.request('POST', `/api/branch/${UNKNOWN_ID}/2026/5/reopen-request`, { token: w.token, body: { reason: 'x' } })).status,
    ).toBe(404);

    const before = smtp.messages.length;
    const res = await ask(5);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: 'open', reason: 'Late Sobeys invoice', requestedBy: w.member.email, year: 2026, month: 5 });
    expect((await ask(5)).json.code).toBe('REOPEN_ALREADY_REQUESTED');

    // The administrator and the Ontario coordinator (in French) are told; the Nova Scotia coordinator is not.
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    const to = mails.flatMap((m) => m.to).sort();
    expect(to).toEqual([admin.email, coordinatorOn.email].sort());
    const fr = mails.find((m) => m.to.includes(coordinatorOn.email))!;
    expect(fr.subject).toBe('Demande de réouverture : Toronto Community Food Bank, mai 2026');
    expect(fr.text).toContain('Raison : Late Sobeys invoice');
    expect(fr.text).toContain('https://rfp.example.org/program');
    expect(mails.find((m) => m.to.includes(admin.email))!.subject).toBe('Reopening requested: Toronto Community Food Bank, May 2026');
  });

  it('lists open requests to program staff in scope only, and refuses answers from branch staff and out of scope', async () => {
    const id = await openRequest(1);
    const list = await api.request('GET', '/api/program/reopen-requests?status=open', { token: coordinatorOn.token });
    expect(list.status).toBe(200);
    expect(list.json.filter((r: { id: string }) => r.id === id)).toEqual([
      expect.objectContaining({ branchName: 'Toronto Community Food Bank', province: 'ON', status: 'open', month: 1 }),
    ]);
    expect((await api.request('GET', '/api/program/reopen-requests', { token: coordinatorNs.token })).json).toEqual([]);
    expect((await api.request('GET', '/api/program/reopen-requests', { token: w.token })).status).toBe(404);
    expect((await api.request('GET', '/api/program/reopen-requests?status=maybe', { token: admin.token })).status).toBe(400);

    // Branch staff cannot approve; a coordinator of another province gets the same 404 as an unknown id.
    for (const token of [w.token, coordinatorNs.token]) {
      expect((await api.request('POST', `/api/program/reopen-requests/${id}/approve`, { token, body: {} })).status).toBe(404);
    }
    expect((await api.request('POST', `/api/program/reopen-requests/${UNKNOWN_ID}/approve`, { token: admin.token, body: {} })).status).toBe(
      404,
    );
    expect((await api.request('POST', '/api/program/reopen-requests/nope/approve', { token: admin.token, body: {} })).status).toBe(404);
    expect((await api.request('GET', path(1) + '/submitted', { token: w.token })).json).toBe(true);
  });

  it('declines only with an answer, leaves the month submitted and tells the branch', async () => {
    const id = await openRequest(2);
    const empty = await api.request('POST', `/api/program/reopen-requests/${id}/decline`, {
      token: coordinatorOn.token,
      body: { answer: ' ' },
    });
    expect(empty.json.code).toBe('REOPEN_ANSWER_REQUIRED');
    const before = smtp.messages.length;
    const res = await api.request('POST', `/api/program/reopen-requests/${id}/decline`, {
      token: coordinatorOn.token,
      body: { answer: 'Add it to June instead.' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'declined', answer: 'Add it to June instead.', decidedBy: coordinatorOn.email });
    expect((await api.request('GET', path(2) + '/submitted', { token: w.token })).json).toBe(true);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual([w.member.email]);
    expect(mail!.subject).toBe('Reopening declined: Toronto Community Food Bank, February 2026');
    expect(mail!.text).toContain('Add it to June instead.');
    // Answered once: approving it now is refused.
    expect((await api.request('POST', `/api/program/reopen-requests/${id}/approve`, { token: admin.token, body: {} })).json.code).toBe(
      'REOPEN_ALREADY_DECIDED',
    );
  });

  it('approves: the month opens, the branch is told, and the second submission is kept beside the first', async () => {
    // March: submitted, a first request declined, then a second one.
    const first = await openRequest(3);
    const declined = smtp.messages.length;
    const decline = await api.request('POST', `/api/program/reopen-requests/${first}/decline`, {
      token: coordinatorOn.token,
      body: { answer: 'Add it to April instead.' },
    });
    expect(decline.status).toBe(200);
    await smtp.waitFor(declined + 1);
    const asked = smtp.messages.length;
    const second = await ask(3, 'Second invoice found');
    expect(second.status).toBe(201);
    await smtp.waitFor(asked + 2);
    const id = second.json.id as string;
    const before = smtp.messages.length;
    const res = await api.request('POST', `/api/program/reopen-requests/${id}/approve`, {
      token: admin.token,
      body: { answer: 'Go ahead.' },
    });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('approved');
    expect((await api.request('GET', path(3) + '/submitted', { token: w.token })).json).toBe(false);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.subject).toBe('Reopening approved: Toronto Community Food Bank, March 2026');
    expect(mail!.text).toContain('https://rfp.example.org/donations/2026/3');

    await addDonation(api, w, { date: '2026-03-20', weight: 50, source: 1 });
    expect((await submit(api, w, 2026, 3, 'With the second invoice')).status).toBe(200);
    const history = await api.request('GET', `${path(3)}/history`, { token: w.token });
    expect(history.status).toBe(200);
    const subs = history.json.submissions;
    expect(subs.map((x: { comments: string }) => x.comments)).toEqual(['First try', 'With the second invoice']);
    expect(subs[0]).toMatchObject({ backLbs: 100, frontLbs: 0, donationCount: 1, submittedBy: w.member.email });
    expect(subs[1]).toMatchObject({ backLbs: 100, frontLbs: 50, donationCount: 2 });
    expect(subs[1].categoryLbs).toEqual({ '1': 37.5, '5': 112.5 });
    expect(history.json.requests.map((r: { status: string }) => r.status)).toEqual(['declined', 'approved']);
    expect(history.json.reopens).toEqual([expect.objectContaining({ by: admin.email, reason: 'Second invoice found', requestId: id })]);

    // The program reads the same history in scope only.
    expect((await api.request('GET', `/api/program/branches/${w.branch.id}/2026/3/history`, { token: coordinatorOn.token })).json).toEqual(
      history.json,
    );
    expect((await api.request('GET', `/api/program/branches/${w.branch.id}/2026/3/history`, { token: coordinatorNs.token })).status).toBe(
      404,
    );
    expect((await api.request('GET', `${path(3)}/history`, { token: w.outsiderToken })).status).toBe(404);
    const audits = await api.db
      .select()
      .from(s.auditLog)
      .where(eq(s.auditLog.entityId, `${w.branch.id}/2026/3`));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['submit', 'reopen-request', 'reopen-decline', 'reopen-approve']));
  });

  it('lets administrators only reopen directly with a reason, settling an open request', async () => {
    await openRequest(6, 'Typo in store');
    const url = `/api/program/branches/${w.branch.id}/2026/6/reopen`;
    expect((await api.request('POST', url, { token: coordinatorOn.token, body: { reason: 'x' } })).status).toBe(404);
    expect((await api.request('POST', url, { token: w.token, body: { reason: 'x' } })).status).toBe(404);
    expect((await api.request('POST', url, { token: admin.token, body: { reason: '' } })).json.code).toBe('REOPEN_REASON_REQUIRED');
    expect((await api.request('POST', url, { token: admin.token, body: { reason: 'Fixing the store' } })).status).toBe(200);
    expect((await api.request('POST', url, { token: admin.token, body: { reason: 'again' } })).json.code).toBe('REOPEN_NOT_SUBMITTED');
    const [req] = await api.db.select().from(s.reopenRequests).where(eq(s.reopenRequests.reason, 'Typo in store'));
    expect(req).toMatchObject({ status: 'approved', decidedBy: admin.email });
    const audits = await api.db
      .select()
      .from(s.auditLog)
      .where(eq(s.auditLog.entityId, `${w.branch.id}/2026/6`));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['submit', 'reopen-request', 'reopen']));
  });

  it('keeps the submission of a month submitted before history was kept when it is reopened', async () => {
    await addDonation(api, w, { date: '2026-04-08', weight: 30 });
    await api.db
      .insert(s.monthSubmissions)
      .values({
        branchId: w.branch.id,
        year: 2026,
        month: 4,
        submitted: true,
        submittedAt: new Date('2026-05-09T15:00:00Z'),
        submittedBy: 'old@example.org',
        comments: 'Seeded',
      })
      .onConflictDoUpdate({
        target: [s.monthSubmissions.branchId, s.monthSubmissions.year, s.monthSubmissions.month],
        set: { submitted: true, submittedAt: new Date('2026-05-09T15:00:00Z'), submittedBy: 'old@example.org', comments: 'Seeded' },
      });
    const url = `/api/program/branches/${w.branch.id}/2026/4/reopen`;
    expect((await api.request('POST', url, { token: admin.token, body: { reason: 'Audit' } })).status).toBe(200);
    const history = await api.request('GET', `${path(4)}/history`, { token: w.token });
    expect(history.json.submissions).toEqual([
      expect.objectContaining({
        submittedAt: '2026-05-09T15:00:00.000Z',
        submittedBy: 'old@example.org',
        comments: 'Seeded',
        backLbs: 30,
        donationCount: 1,
      }),
    ]);
  });
});
