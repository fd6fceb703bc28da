import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import * as s from '@/donation-api/db/schema';
import { MAX_BODY_BYTES } from '@/donation-api/app';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp';
import { FEEDBACK_PER_WINDOW } from '@/donation-api/people-places/feedback';

describe.each(dbKinds())('contacts and feedback on %s', (kind) => {
  let api: TestApi;
  let smtp: SmtpPeer;
  let token: string;
  let userId: string;
  let contact: { id: string; name: string; emailAddress: string };

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    api = await createTestApi(kind, { config: { smtpUrl: smtp.url } });
    const branch = await fixtures.branch(api, { name: 'Feedback Food Bank' });
    const u = await fixtures.user(api, { branchIds: [branch.id], username: 'fiona', email: 'fiona@foodbank.example.org' });
    userId = u.id;
    token = await fixtures.token(api, u.id);
    await fixtures.contact(api, { name: 'Zeta Support', emailAddress: 'zeta@example.org', displayOrder: 2 });
    contact = await fixtures.contact(api, { name: 'Retail Food Program', emailAddress: 'rfp@example.org', displayOrder: 1 });
    await fixtures.contact(api, { name: 'Alpha Support', emailAddress: 'alpha@example.org', displayOrder: 2 });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  const post = (body: unknown, t: string | null = token) => api.request('POST', '/api/feedback', { token: t ?? undefined, body });

  describe('GET /api/contact', () => {
    it('lists contacts by display order, then name', async () => {
      const res = await api.request('GET', '/api/contact', { token });
      expect(res.status).toBe(200);
      expect(res.json.map((c: { name: string }) => c.name)).toEqual(['Retail Food Program', 'Alpha Support', 'Zeta Support']);
      expect(res.json[0]).toEqual({ id: contact.id, name: 'Retail Food Program', emailAddress: 'rfp@example.org' });
    });

    it('needs a token', async () => {
      expect((await api.request('GET', '/api/contact')).status).toBe(401);
      expect((await api.request('GET', '/api/contact', { headers: { authorization: 'Bearer ???' } })).status).toBe(401);
    });
  });

  describe('POST /api/feedback', () => {
    it('mails the contact with a reply-to of the user, stores and audits the feedback', async () => {
      const res = await post({
        contactId: contact.id,
        message: '  The store list is missing our new No Frills.  ',
        contactEmail: 'fiona@foodbank.example.org',
      });
      expect(res.status).toBe(201);
      expect(typeof res.json.id).toBe('string');
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual(['rfp@example.org']);
      expect(mail!.headers['reply-to']).toContain('fiona@foodbank.example.org');
      expect(mail!.subject).toContain('fiona');
      expect(mail!.text).toContain('The store list is missing our new No Frills.');
      expect(mail!.text).toContain('Feedback Food Bank');
      const [row] = await api.db.select().from(s.feedback).where(eq(s.feedback.id, res.json.id));
      expect(row).toMatchObject({
        userId,
        contactId: contact.id,
        message: 'The store list is missing our new No Frills.',
        contactEmail: 'fiona@foodbank.example.org',
        mailStatus: 'sent',
      });
      const audits = await api.db.select().from(s.auditLog).where(eq(s.auditLog.entityId, res.json.id));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ action: 'create', entity: 'feedback', userId });
    });

    it('sends replies to the account address, not to an address named in the payload', async () => {
      const res = await post({ contactId: contact.id, message: 'Hello', contactEmail: 'attacker@evil.example' });
      expect(res.status).toBe(201);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.headers['reply-to']).toContain('fiona@foodbank.example.org');
      expect(mail!.raw).not.toContain('attacker@evil.example');
    });

    it('accepts 5000 characters and refuses 5001, or a blank message', async () => {
      expect((await post({ contactId: contact.id, message: 'x'.repeat(5000) })).status).toBe(201);
      for (const message of ['x'.repeat(5001), '', '   \n\t ']) {
        const res = await post({ contactId: contact.id, message });
        expect(res.status).toBe(400);
        expect(res.json).toEqual({ code: 'FEEDBACK_MESSAGE_VALIDATE', message: 'Please enter a message', field: 'message' });
      }
    });

    it('answers 404 for an unknown or malformed contact and sends nothing', async () => {
      for (const contactId of ['6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b', 'nope', '']) {
        const res = await post({ contactId, message: 'Hello' });
        expect(res.status).toBe(404);
        expect(res.json.code).toBe('NOT_FOUND');
      }
      expect(smtp.messages).toHaveLength(0);
    });

    it('needs a token', async () => {
      expect((await post({ contactId: contact.id, message: 'Hello' }, null)).status).toBe(401);
    });

    it('refuses malformed JSON, wrong types, unknown fields and huge bodies with 400 or 413', async () => {
      const cases = [
        api.request('POST', '/api/feedback', { token, rawBody: '{"contactId":' }),
        post({ contactId: contact.id, message: 5 }),
        post({ contactId: 7, message: 'Hello' }),
        post({ contactId: contact.id }),
        post({ contactId: contact.id, message: 'Hello', cc: 'everyone@example.org' }),
        post('Hello'),
      ];
      for (const res of await Promise.all(cases)) {
        expect(res.status).toBe(400);
        expect(typeof res.json.message).toBe('string');
      }
      const huge = await post({ contactId: contact.id, message: 'x'.repeat(MAX_BODY_BYTES) });
      expect(huge.status).toBe(413);
      expect(smtp.messages).toHaveLength(0);
    });
  });
});

describe.each(dbKinds())('feedback when mail fails or is kept in the outbox on %s', (kind) => {
  const setUp = async (smtpUrl?: string) => {
    const api = await createTestApi(kind, { config: smtpUrl ? { smtpUrl } : {} });
    const branch = await fixtures.branch(api);
    const u = await fixtures.user(api, { branchIds: [branch.id] });
    const token = await fixtures.token(api, u.id);
    const contact = await fixtures.contact(api);
    const post = (message: string) => api.request('POST', '/api/feedback', { token, body: { contactId: contact.id, message } });
    return { api, token, post };
  };
  const failure = { code: 'NOTE_FEEDBACK_ERROR', message: 'Error sending feedback. Please try again shortly.' };

  it('keeps the feedback and answers 503 NOTE_FEEDBACK_ERROR when the SMTP peer is down', async () => {
    const peer = await startSmtpPeer();
    await peer.close();
    const { api, post } = await setUp(peer.url);
    try {
      const res = await post('Hello');
      expect(res.status).toBe(503);
      expect(res.json).toEqual(failure);
      const rows = await api.db.select().from(s.feedback);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ message: 'Hello', mailStatus: 'failed' });
      const [failed] = await api.db.select().from(s.sentMail);
      expect(failed).toMatchObject({ status: 'failed', kind: 'feedback' });
      expect(failed!.body).toContain('Hello');
    } finally {
      await api.close();
    }
  });

  it('answers 503 when the peer refuses the message, and a refused mail never uses up the rate limit', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (_address, _session, callback) => callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 })),
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const { port } = refusing.server.address() as AddressInfo;
    const { api, post } = await setUp(`smtp://127.0.0.1:${port}`);
    try {
      for (let i = 0; i < FEEDBACK_PER_WINDOW + 2; i++) {
        const res = await post(`Attempt ${i}`);
        expect(res.status).toBe(503);
        expect(res.json).toEqual(failure);
      }
      const rows = await api.db.select().from(s.feedback);
      expect(rows).toHaveLength(FEEDBACK_PER_WINDOW + 2);
      expect(rows.every((r) => r.mailStatus === 'failed')).toBe(true);
      const mails = await api.db.select().from(s.sentMail);
      expect(mails.every((m) => m.status === 'failed' && /mailbox unavailable/.test(m.error ?? ''))).toBe(true);
    } finally {
      await api.close();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });

  it('commits the feedback before the mail goes: other calls run while the SMTP peer is slow', async () => {
    let release = () => {};
    let arrived = () => {};
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const received: string[] = [];
    const slow = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          release = () => callback();
          arrived();
        });
      },
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const { port } = slow.server.address() as AddressInfo;
    const { api, token, post } = await setUp(`smtp://127.0.0.1:${port}`);
    try {
      const pending = post('Slow mail');
      await arrival;
      // The mail server has the message and has not answered yet: the row is committed, nothing waits on it.
      // The race's timer is cleared: left running, it kept this jest worker alive past the suite's end.
      let timer: NodeJS.Timeout | undefined;
      const contacts = await Promise.race([
        api.request('GET', '/api/contact', { token }),
        new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 3000))),
      ]).finally(() => clearTimeout(timer));
      expect(contacts?.status).toBe(200);
      const [row] = await api.db.select().from(s.feedback);
      expect(row).toMatchObject({ message: 'Slow mail', mailStatus: 'pending' });
      release();
      const res = await pending;
      expect(res.status).toBe(201);
      expect(received).toHaveLength(1);
      const [after] = await api.db.select().from(s.feedback);
      expect(after!.mailStatus).toBe('sent');
    } finally {
      release();
      await api.close();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it('keeps the mail in the outbox without SMTP and still answers 201', async () => {
    const api = await createTestApi(kind);
    try {
      const branch = await fixtures.branch(api);
      const u = await fixtures.user(api, { branchIds: [branch.id] });
      const token = await fixtures.token(api, u.id);
      const contact = await fixtures.contact(api);
      const res = await api.request('POST', '/api/feedback', { token, body: { contactId: contact.id, message: 'Offline hello' } });
      expect(res.status).toBe(201);
      const [mail] = await api.db.select().from(s.sentMail);
      expect(mail).toMatchObject({ to: 'rfp@example.org', kind: 'feedback', status: 'outbox' });
      expect((await api.db.select().from(s.feedback))[0]!.mailStatus).toBe('outbox');
      expect(mail!.body).toContain('Offline hello');
    } finally {
      await api.close();
    }
  });
});
