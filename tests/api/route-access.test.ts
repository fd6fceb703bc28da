// Every route declares who may call it ('x-access', donation-api/auth/access.ts), and the declaration fits its place in
// the API: the walk reads the registered routes and the served OpenAPI document, so a route added later is checked
// without anyone remembering to add it. What each level admits is held by the access tests that call the routes
// (partner-access-matrix, branch, program-roles, program-oversight, partners…).
import { createRoute, z } from '@hono/zod-openapi';
import { ACCESS_LEVELS, access, type Access, type AccessLevel } from '@/donation-api/auth/access';
import { PUBLIC_ROUTES } from '@/donation-api/auth/middleware';
import { newRouter } from '@/donation-api/router';
import { createTestApi, type TestApi } from '../support/api';

type Route = { call: string; path: string; declared?: Access };

const BRANCH_LEVELS: AccessLevel[] = ['branch-read', 'branch-write', 'branch-member', 'branch-lead'];

/** The level each path group must have; the first matching group wins. */
const GROUPS: { path: RegExp; levels: AccessLevel[] }[] = [
  { path: /^\/program\//, levels: ['program-staff', 'program-admin'] },
  { path: /^\/partner\//, levels: ['partner'] },
  { path: /^\/branch\/\{branchId\}/, levels: BRANCH_LEVELS },
  // The one branch call that names its branch in the body.
  { path: /^\/branch\/submit$/, levels: ['branch-write'] },
  // A donation by id, a branch's donations by query, or the caller's own donations (the services limit them).
  { path: /^\/donation\//, levels: ['donation-read', 'donation-write', 'branch-read', 'signed-in'] },
  { path: /^\/partner-queries\//, levels: ['signed-in'] },
  { path: /^\/(user|invitation|config|health|ready|category|contact|feedback)\b/, levels: ['public', 'signed-in'] },
];

describe('declared route access', () => {
  let api: TestApi;
  let routes: Route[];
  let documented: Map<string, unknown>;
  beforeAll(async () => {
    api = await createTestApi('pglite');
    routes = api.app.openAPIRegistry.definitions.flatMap((d) =>
      d.type === 'route'
        ? [
            {
              call: `${d.route.method.toUpperCase()} ${d.route.path}`,
              path: d.route.path,
              declared: d.route['x-access'] as Access | undefined,
            },
          ]
        : [],
    );
    const doc = (await api.request('GET', '/api/openapi.json')).json as { paths: Record<string, Record<string, Record<string, unknown>>> };
    documented = new Map(
      Object.entries(doc.paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op['x-access']] as const),
      ),
    );
  });
  afterAll(() => api.close());

  it('gives every registered route a known access level, published in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((r) => !r.declared || !ACCESS_LEVELS.includes(r.declared.level)).map((r) => r.call)).toEqual([]);
    expect(
      routes.filter((r) => JSON.stringify(documented.get(r.call.replace(' ', ' /api'))) !== JSON.stringify(r.declared)).map((r) => r.call),
    ).toEqual([]);
  });

  it('gives each path group its level', () => {
    const misplaced = routes.flatMap((r) => {
      const group = GROUPS.find((g) => g.path.test(r.path));
      return group && group.levels.includes(r.declared!.level) ? [] : [`${r.call} ${r.declared!.level}`];
    });
    expect(misplaced).toEqual([]);
    // Every /program/* call is program staff or administrators (spot checks of both), every /partner/* a partner's.
    const level = (call: string) => routes.find((r) => r.call === call)?.declared?.level;
    expect(level('GET /program/oversight')).toBe('program-staff');
    expect(level('PUT /program/users/{userId}/role')).toBe('program-admin');
    expect(level('GET /partner/figures')).toBe('partner');
    expect(level('PUT /branch/{branchId}')).toBe('branch-write');
    // Schedules: the import and the decisions are program staff's (a coordinator's scope checked by line and by
    // proposal), a proposal a branch lead's.
    expect(level('POST /program/schedules/import')).toBe('program-staff');
    expect(level('POST /program/schedule-proposals/{proposalId}/decision')).toBe('program-staff');
    expect(level('GET /branch/{branchId}/schedule-proposals')).toBe('branch-lead');
    expect(level('POST /branch/{branchId}/schedule-proposals')).toBe('branch-lead');
  });

  it('names the branch a branch level checks where the call carries it', () => {
    const wrong = routes.filter(({ path, declared }) => {
      if (!declared?.branchFrom) return BRANCH_LEVELS.includes(declared!.level);
      return declared.branchFrom === 'param' && !path.includes('{branchId}');
    });
    expect(wrong.map((r) => r.call)).toEqual([]);
    const byId = routes.filter((r) => r.declared?.level.startsWith('donation-'));
    expect(byId.filter((r) => !r.path.endsWith('/{id}')).map((r) => r.call)).toEqual([]);
  });

  it('declares public exactly the calls the token middleware lets through without a token', () => {
    const declaredPublic = routes.filter((r) => r.declared?.level === 'public').map((r) => `${r.call.split(' ')[0]} /api${r.path}`);
    const docs = ['GET /api/openapi.json', 'GET /api/docs', 'GET /api/docs/scalar.js'];
    expect(declaredPublic.sort()).toEqual([...PUBLIC_ROUTES].filter((c) => !docs.includes(c)).sort());
  });

  it('refuses to register a route that declares no access', () => {
    const router = newRouter();
    const route = { method: 'get' as const, path: '/nobody-said', responses: { 200: { description: 'ok' } } };
    expect(() => router.openapi(createRoute(route), (c) => c.body(null, 200))).toThrow(/GET \/nobody-said declares no access/);
    expect(() =>
      router.openapi(createRoute({ ...route, 'x-access': access.signedIn(), request: { query: z.object({}) } }), (c) => c.body(null, 200)),
    ).not.toThrow();
  });
});
