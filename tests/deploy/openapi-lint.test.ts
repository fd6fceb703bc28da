// The published OpenAPI document, linted with Spectral's `spectral:oas` ruleset (the rules most OpenAPI tools apply),
// as a team building on the API would lint it: no error and no warning. Among them: every operation has a
// description and tags that the document defines, every array says its items, and each id pattern is a pattern an
// id can match (it ended in "/i" inside the string).
import pino from 'pino';
import { Document, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { createDonationApi } from '@/donation-api/app';
import { configFromEnv } from '@/donation-api/config';

async function publishedDocument(): Promise<string> {
  // The document does not touch the database: an API without one publishes it as a server does.
  const app = createDonationApi({
    db: {} as never,
    config: configFromEnv({}),
    mailer: { send: async () => ({ status: 'outbox' as const }) },
    log: pino({ level: 'silent' }),
    now: () => new Date(),
  });
  const res = await app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  return res.text();
}

it('passes spectral:oas with no error and no warning', async () => {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
  const results = await spectral.run(new Document(await publishedDocument(), Json, '/api/openapi.json'));
  // Severity 0 is an error, 1 a warning; 2 and 3 (information, hint) are not in the recommended set.
  const found = results.filter((r) => r.severity <= 1).map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
  expect(found).toEqual([]);
});

it('gives every operation a description and tags the document defines', async () => {
  const doc = JSON.parse(await publishedDocument()) as {
    tags: { name: string; description: string }[];
    paths: Record<string, Record<string, { tags?: string[]; description?: string; 'x-access'?: unknown }>>;
  };
  const defined = new Set(doc.tags.map((t) => t.name));
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ at: `${method} ${path}`, op })),
  );
  expect(operations.length).toBeGreaterThan(100);
  for (const { at, op } of operations) {
    expect({ at, description: (op.description ?? '').length > 20 }).toEqual({ at, description: true });
    expect({ at, tags: (op.tags ?? []).length > 0 && (op.tags ?? []).every((t) => defined.has(t)) }).toEqual({ at, tags: true });
  }
  for (const tag of doc.tags) expect(tag.description.length).toBeGreaterThan(10);
});
