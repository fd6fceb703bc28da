// Real answers against the published document: every GET operation of /api/openapi.json is called as a food bank's
// staff, a program administrator and a retail partner, on a world with donations, a submitted month, a partner's
// query and statement, and each answer is checked with a standard JSON Schema validator (Ajv, draft 2020-12, the
// dialect of OpenAPI 3.1) against what the document says of that status. A client generated from the document
// (or checked against it) then reads what the server really sends. The harness's own check (tests/support/api.ts)
// reads the zod schemas in process; this one reads only the JSON document that others build on.
import { randomUUID } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import * as s from '@/donation-api/db/schema';
import { grantProgramRole } from '@/donation-api/people-places/user-admin';
import { createTestApi, dbKinds, fixtures, type TestApi } from '../support/api';
import { addDonation, donationWorld, submit, type World } from './donation-setup';

type Operation = { responses: Record<string, { content?: Record<string, unknown> }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

/** A JSON pointer into the document, for Ajv's $ref to the schema of one answer. */
const pointer = (...parts: string[]) =>
  `openapi.json#/${parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;

describe.each(dbKinds())('answers against the published OpenAPI document on %s', (kind) => {
  let api: TestApi;
  let w: World;
  let doc: Doc;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);

  beforeAll(async () => {
    api = await createTestApi(kind);
    w = await donationWorld(api);
    const partner = await fixtures.user(api);
    await api.db.insert(s.partnerAccess).values({ userId: partner.id, retailerId: w.store.retailerId! });
    const admin = await fixtures.user(api);
    await grantProgramRole(api.db, admin.username, 'admin', [], 'test');
    Object.assign(tokens, { staff: w.token, admin: await fixtures.token(api, admin.id), partner: await fixtures.token(api, partner.id) });
    const donation = await addDonation(api, w, { date: '2026-04-03' });
    await addDonation(api, w, { date: '2026-05-12' });
    await submit(api, w, 2026, 4);
    const query = await api.request('POST', '/api/partner/queries', {
      token: tokens.partner,
      body: { donationId: donation.id, kind: 'other', reason: 'Which truck?' },
    });
    const statement = await api.request('POST', '/api/partner/statements', { token: tokens.partner, body: { year: 2026, month: 4 } });
    Object.assign(ids, {
      branchId: w.branch.id,
      campaignId: w.campaign!.id,
      year: '2026',
      month: '4',
      id: donation.id,
      donationId: donation.id,
      userId: w.member.id,
      storeId: w.store.id,
      requestId: randomUUID(),
      queryId: query.json.id,
      statementId: statement.json.id,
    });
    const published = await api.request('GET', '/api/openapi.json');
    expect(published.status).toBe(200);
    doc = published.json as Doc;
    ajv.addSchema(doc as object, 'openapi.json');
  }, 180_000);
  afterAll(() => api.close());

  const fill = (path: string) => path.replace(/\{(\w+)\}/g, (_, k: string) => ids[k] ?? k);

  it('every GET answers, for every role, a status the document declares, with a body its schema accepts', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      const operation = operations.get;
      if (!operation) continue;
      for (const [role, token] of Object.entries(tokens)) {
        const url = `${fill(path)}?year=2026&month=4&branchId=${ids.branchId}`;
        const res = await api.request('GET', url, { token });
        const where = `GET ${path} as ${role} answered ${res.status}`;
        const declared = operation.responses[String(res.status)];
        if (!declared && res.status < 400) {
          problems.push(`${where}: not declared`);
          continue;
        }
        const type = res.headers.get('content-type')?.split(';')[0]!.trim() ?? '';
        if (type !== 'application/json') continue;
        // A refusal the operation does not list is the API's error shape (components.schemas.Error).
        const ref = declared
          ? pointer('paths', path, 'get', 'responses', String(res.status), 'content', 'application/json', 'schema')
          : pointer('components', 'schemas', 'Error');
        if (declared && !declared.content?.['application/json']) {
          problems.push(`${where}: JSON, but the document declares ${Object.keys(declared.content ?? {}).join(', ') || 'no body'}`);
          continue;
        }
        const validate = ajv.getSchema(ref);
        if (!validate) throw new Error(`no schema at ${ref}`);
        checked++;
        if (!validate(res.json)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(problems).toEqual([]);
    // Most calls reach their handler: a document that answered only refusals would check little.
    expect(checked).toBeGreaterThan(100);
  });

  it('ids in the document’s patterns are the ids the API answers', async () => {
    const validate = ajv.getSchema(
      pointer('paths', '/api/donation/{id}', 'get', 'responses', '200', 'content', 'application/json', 'schema'),
    );
    const res = await api.request('GET', `/api/donation/${ids.id}`, { token: tokens.staff });
    expect(res.status).toBe(200);
    expect(validate!(res.json)).toBe(true);
    // The path parameter's own pattern matches the donation's id (it ended in "/i" and matched nothing).
    const param = (
      doc.paths['/api/donation/{id}']!.get as unknown as { parameters: { name: string; schema: { pattern: string } }[] }
    ).parameters.find((p) => p.name === 'id')!;
    expect(new RegExp(param.schema.pattern, 'u').test(ids.id!)).toBe(true);
    expect(new RegExp(param.schema.pattern, 'u').test(ids.id!.toUpperCase())).toBe(true);
  });
});
