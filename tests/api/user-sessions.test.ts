// Sessions of a signed-in user: bearer tokens (missing, malformed, expired, revoked), logout, the current user's
// profile, and the sign-in page's background data.
import { eq } from 'drizzle-orm';
import * as s from '@/donation-api/db/schema';
import { LoginType } from '@/lib/domain/enums';
import { dbKinds, fixtures, TEST_PASSWORD, type TestApi } from '../support/api';
import { resetLoginState, userWorld } from './user-setup';

describe.each(dbKinds())('user calls on %s', (kind) => {
  let api: TestApi;
  let branchA: { id: string; name: string };
  let branchB: { id: string; name: string };

  beforeAll(async () => {
    ({ api, branchA, branchB } = await userWorld(kind));
  });
  afterAll(() => api.close());
  beforeEach(() => resetLoginState(api));

  describe('token handling', () => {
    it('answers 401 without a token, with a malformed header, an expired and a revoked token', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      const path = '/api/user/current-user';
      expect((await api.request('GET', path)).status).toBe(401);
      for (const authorization of ['Bearer', 'Bearer short', 'Basic dXNlcjpwYXNz', 'bearer  x y z', `Token ${'a'.repeat(43)}`]) {
        const res = await api.request('GET', path, { headers: { authorization } });
        expect(res.status).toBe(401);
        expect(res.json.code).toBe('UNAUTHORIZED');
      }
      expect((await api.request('GET', path, { token: 'A'.repeat(43) })).status).toBe(401);
      const token = await api.login(u.username, TEST_PASSWORD);
      expect((await api.request('GET', path, { token })).status).toBe(200);
      api.clock.now = new Date(api.clock.now.getTime() + (api.config.tokenTtlHours + 1) * 3600_000);
      expect((await api.request('GET', path, { token })).status).toBe(401);
      api.clock.now = new Date();
      const fresh = await api.login(u.username, TEST_PASSWORD);
      expect((await api.request('POST', '/api/user/logout', { token: fresh })).status).toBe(204);
      expect((await api.request('GET', path, { token: fresh })).status).toBe(401);
    });
  });

  describe('POST /api/user/logout', () => {
    it('revokes only the caller token and answers 204', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id] });
      const t1 = await api.login(u.username, TEST_PASSWORD);
      const t2 = await api.login(u.username, TEST_PASSWORD);
      const res = await api.request('POST', '/api/user/logout', { token: t1 });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await api.request('GET', '/api/user/current-user', { token: t1 })).status).toBe(401);
      expect((await api.request('GET', '/api/user/current-user', { token: t2 })).status).toBe(200);
      expect((await api.request('POST', '/api/user/logout', { token: t1 })).status).toBe(401);
      expect((await api.request('POST', '/api/user/logout')).status).toBe(401);
    });
  });

  describe('GET /api/user/current-user', () => {
    it('answers the login shape without a token', async () => {
      const u = await fixtures.user(api, { branchIds: [branchA.id, branchB.id], workplace: true, loginType: LoginType.AADB2C });
      const token = await fixtures.token(api, u.id);
      const res = await api.request('GET', '/api/user/current-user', { token });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        id: u.id,
        branches: [
          { branchId: branchA.id, branchName: branchA.name },
          { branchId: branchB.id, branchName: branchB.name },
        ],
        branchId: branchA.id,
        contactEmail: u.email,
        locale: 'en',
        workplace: true,
        loginType: LoginType.AADB2C,
        username: u.username,
        program: null,
        partner: null,
      });
      expect(res.json.token).toBeUndefined();
    });
  });

  describe('GET /api/user/bg-data', () => {
    it('answers English and French defaults without a token', async () => {
      await api.db.delete(s.appSettings).where(eq(s.appSettings.key, 'bg-data'));
      const res = await api.request('GET', '/api/user/bg-data');
      expect(res.status).toBe(200);
      for (const key of ['logo', 'black_letter_logo', 'title', 'content', 'bg_image', 'content_width']) {
        expect(typeof res.json[key]).toBe('string');
        expect(typeof res.json[`fr_${key}`]).toBe('string');
      }
      expect(res.json.title).toContain('Retail Food Program');
      expect(res.json.content).toMatch(/food bank/i);
      expect(res.json.fr_content).toMatch(/banques alimentaires/);
      expect(res.json.logo).toMatch(/^\/images\//);
      expect(res.json.bg_image).toMatch(/^\/images\//);
    });

    it('prefers stored values, read in either spelling, field by field', async () => {
      await api.db
        .insert(s.appSettings)
        .values({
          key: 'bg-data',
          value: { title: 'Stored title', blackLetterLogo: '/images/custom.svg', frTitle: 'Titre', content_width: 600 },
        })
        .onConflictDoUpdate({
          target: s.appSettings.key,
          set: { value: { title: 'Stored title', blackLetterLogo: '/images/custom.svg', frTitle: 'Titre', content_width: 600 } },
        });
      const res = await api.request('GET', '/api/user/bg-data');
      expect(res.json).toMatchObject({
        title: 'Stored title',
        black_letter_logo: '/images/custom.svg',
        fr_title: 'Titre',
        content_width: '600px',
      });
      expect(res.json.fr_content).toMatch(/banques alimentaires/);
      await api.db.delete(s.appSettings).where(eq(s.appSettings.key, 'bg-data'));
    });
  });
});
