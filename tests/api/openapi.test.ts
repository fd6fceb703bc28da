// The OpenAPI document and its reference page: public, with the bearer scheme declared, and every operation named,
// tagged and secured as the API really checks it (PUBLIC_ROUTES of the token middleware).
import { PUBLIC_ROUTES } from '@/donation-api/auth/middleware';
import { checkAnswer, createTestApi, documentedRoutes, type TestApi } from '../support/api';

type Operation = { summary?: string; tags?: string[]; operationId?: string; security?: Record<string, string[]>[] };
type Document = {
  components: { securitySchemes: Record<string, unknown> };
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

describe('OpenAPI document', () => {
  let api: TestApi;
  let doc: Document;
  let operations: { call: string; op: Operation }[];
  beforeAll(async () => {
    api = await createTestApi('pglite');
    doc = (await api.request('GET', '/api/openapi.json')).json;
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ call: `${method.toUpperCase()} ${path}`, op })),
    );
  });
  afterAll(() => api.close());

  it('declares the bearer token scheme and requires it by default', async () => {
    const res = await api.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.json.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(res.json.security).toEqual([{ bearerAuth: [] }]);
  });

  it('serves a reference page without a token that reads the document', async () => {
    const res = await api.request('GET', '/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toContain('/api/openapi.json');
  });

  it('gives every operation a summary, a tag and an operation id', () => {
    expect(operations.length).toBeGreaterThan(50);
    const unnamed = operations.filter(({ op }) => !op.summary?.trim() || !op.tags?.length || !op.operationId).map((o) => o.call);
    expect(unnamed).toEqual([]);
    // One spelling per group in the reference page's sidebar ("Branches", never also "branch").
    const tags = [...new Set(operations.flatMap(({ op }) => op.tags ?? []))];
    expect(tags.filter((t) => !/^[A-Z]/.test(t))).toEqual([]);
  });

  it('names each operation once, with a camelCase verb', () => {
    const ids = operations.map(({ op }) => op.operationId!);
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(repeated).toEqual([]);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]*$/.test(id))).toEqual([]);
  });

  it('names only declared security schemes', () => {
    const declared = Object.keys(doc.components.securitySchemes);
    const requirements = [...(doc.security ?? []), ...operations.flatMap(({ op }) => op.security ?? [])];
    const undeclared = requirements.flatMap((r) => Object.keys(r)).filter((name) => !declared.includes(name));
    expect(undeclared).toEqual([]);
  });

  it('marks the public calls as needing no token and every other call as needing the bearer token', () => {
    // An operation without its own `security` inherits the document's default (the bearer token).
    const effective = (op: Operation) => op.security ?? doc.security ?? [];
    const wrong = operations
      .filter(({ call, op }) => {
        const isPublic = PUBLIC_ROUTES.has(call);
        const security = effective(op);
        return isPublic ? security.length !== 0 : !(security.length === 1 && 'bearerAuth' in security[0]!);
      })
      .map((o) => o.call);
    expect(wrong).toEqual([]);
    // Every public call of the middleware that the document lists is in it as public (none forgotten in the list).
    const documented = new Set(operations.map(({ call }) => call));
    const undocumented = [...PUBLIC_ROUTES].filter((call) => !documented.has(call));
    // the document, its page and the page's script themselves
    expect(undocumented).toEqual(['GET /api/openapi.json', 'GET /api/docs', 'GET /api/docs/scalar.js']);
  });

  it('fails a test whose answer does not match the route’s schema (the harness checks every call)', () => {
    const routes = documentedRoutes(api.app);
    const answer = (status: number, json: unknown, type = 'application/json') => ({
      status,
      json,
      text: JSON.stringify(json) ?? '',
      headers: new Headers({ 'content-type': type }),
    });
    const good = [{ id: 1, name: 'Meat', nameFr: 'Viande', displayOrder: 1 }];
    expect(() => checkAnswer(routes, 'GET', '/api/category', answer(200, good))).not.toThrow();
    expect(() => checkAnswer(routes, 'GET', '/api/category', answer(200, [{ id: '1', name: 'Meat' }]))).toThrow(
      /GET \/api\/category answered 200: the answer does not match its schema[\s\S]*nameFr/,
    );
    // A status the route does not declare: a success is refused, a refusal must have the error shape.
    expect(() => checkAnswer(routes, 'GET', '/api/category', answer(201, good))).toThrow(/not declared/);
    expect(() => checkAnswer(routes, 'GET', '/api/category', answer(403, { code: 'FORBIDDEN', message: 'No' }))).not.toThrow();
    expect(() => checkAnswer(routes, 'GET', '/api/category', answer(403, { error: 'No' }))).toThrow(/does not match/);
    // The path template is matched with its parameters, and the first registered route wins as in Hono.
    expect(() => checkAnswer(routes, 'GET', '/api/donation/donationyears?x=1', answer(200, ['2026']))).toThrow(
      /GET \/api\/donation\/donationyears answered 200/,
    );
  });
});
