// Malformed inputs for tests/api/fuzz.test.ts: a seeded generator (the same seed sends the same requests, so a
// failure reproduces) and, per operation of the OpenAPI registry, a path, a query and a body built from the route's
// own zod schemas, then broken in one place.
import { z } from 'zod';

/** mulberry32: small, fast and good enough to pick inputs; the seed alone decides every request. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)]! };
}
export type Random = ReturnType<typeof seededRandom>;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minimum?: number;
};

/** The JSON Schema of a route's zod schema as a client sends it (input side); {} when zod cannot say. */
export function jsonSchemaOf(schema: unknown): JsonSchema {
  if (!(schema instanceof z.ZodType)) return {};
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** The ids of the fuzzing world, offered where a name ends in "id" so that some calls reach the handlers. */
export type KnownIds = Record<string, string>;

const BAD_SEGMENTS = [
  'x',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  '%FF',
  '%E0%A4%A',
  '%ED%A0%80',
  '%00',
  '%2F',
  '%20',
  '%',
  '..',
  'null',
  '9'.repeat(40),
  'a'.repeat(400),
  "'%3B%20drop%20table%20users%3B--",
  '%F0%9F%8D%8E',
  '%01%1B',
  '00000000-0000-0000-0000-000000000000',
  '3f2b9c1e-8a4d-4c2b-9e7f-0123456789ab',
  '3F2B9C1E-8A4D-4C2B-9E7F-0123456789AB',
];
const GOOD_SEGMENTS: Record<string, string[]> = { year: ['2026', '2025', '1900', '9999'], month: ['5', '1', '12'] };

/** A path segment for a parameter: mostly a real value, often a broken one. */
export function segment(r: Random, name: string, ids: KnownIds): string {
  if (r.next() < 0.45) return r.pick(BAD_SEGMENTS);
  const good = GOOD_SEGMENTS[name] ?? Object.values(ids);
  return encodeURIComponent(r.pick(good));
}

const LONG = 'x'.repeat(20_000);
/** Raw query values: numbers out of range, bad dates, escapes that are not UTF-8, control characters, huge values. */
const BAD_QUERY_VALUES = [
  '',
  'x',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '99999-01-01',
  'true',
  '%FF',
  '%00',
  '%ED%A0%80',
  '%01%1B%7F',
  '%C2%85%E2%80%AE',
  '%',
  '%%',
  '+',
  '<script>',
  '9'.repeat(40),
  LONG,
  'csv',
  'xlsx',
  'pdf',
  'fr',
  'desc',
];

/** A query string for the route's query keys (and a stranger), each value a real one or a broken one. */
export function queryString(r: Random, keys: string[], ids: KnownIds, good: Record<string, string>): string {
  const parts: string[] = [];
  for (const key of [...keys, ...(r.next() < 0.2 ? ['unknown'] : [])]) {
    if (r.next() < 0.25) continue;
    const roll = r.next();
    let value: string;
    if (roll < 0.35 && good[key]) value = encodeURIComponent(good[key]);
    else if (roll < 0.5 && /id$/i.test(key)) value = encodeURIComponent(r.pick(Object.values(ids)));
    else value = r.pick(BAD_QUERY_VALUES);
    parts.push(`${key}=${value}`);
    if (r.next() < 0.05) parts.push(`${key}=${value}`); // the key twice
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A plausible value for a JSON Schema, so that one broken field is what the route has to refuse. */
export function plausible(r: Random, s: JsonSchema, key: string, ids: KnownIds, depth = 0): unknown {
  if (depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return r.pick(s.enum);
  const options = s.anyOf ?? s.oneOf;
  if (options?.length) return plausible(r, r.pick(options), key, ids, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = plausible(r, v, k, ids, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: 1 + r.int(2) }, () => plausible(r, s.items ?? {}, key, ids, depth + 1));
    case 'integer':
    case 'number':
      if (/year/i.test(key)) return 2026;
      if (/month/i.test(key)) return 5;
      if (/fraction/i.test(key)) return 1;
      return s.minimum !== undefined && s.minimum > 1 ? s.minimum : 1;
    case 'boolean':
      return r.next() < 0.5;
    case 'string':
      if (/id$/i.test(key)) return r.pick(Object.values(ids));
      if (/date$/i.test(key) || s.format === 'date') return '2026-05-04';
      if (/email|contact/i.test(key)) return 'fuzz@example.org';
      return `fuzz ${key}`;
    default:
      return 'fuzz';
  }
}

/** Values of the wrong type or shape for any field. */
export const BAD_VALUES: unknown[] = [
  null,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  '',
  ' ',
  'x'.repeat(100_000),
  '\ud800',
  'a\udc00b',
  '\u0000',
  '\u0001\u001b\u007f',
  '\u202eevil',
  '\r\n\t',
  '=cmd|calc',
  '2026-02-30',
  '0001-01-01',
  '9999-12-31T23:59:59Z',
  '1e309',
  '-0',
  'NaN',
  true,
  {},
  [],
  [[[]]],
  { nested: { deeper: ['x'] } },
  Array.from({ length: 2_000 }, (_, i) => i),
  '00000000-0000-0000-0000-000000000000',
  '<img src=x onerror=alert(1)>',
];

/** Bodies that are not the JSON the route expects at all. */
export const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1',
  'true',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '['.repeat(5_000),
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\uZZZZ"}',
  '{"a":1,}',
  "{'a':1}",
  `"${'x'.repeat(300 * 1024)}"`,
];

/** A body: the route's own shape with one field broken, an unknown field, the plausible body, or raw junk. */
export function jsonBody(r: Random, schema: JsonSchema, ids: KnownIds): { text: string } {
  const roll = r.next();
  if (roll < 0.2) return { text: r.pick(RAW_BODIES) };
  const base = plausible(r, schema, '', ids);
  if (roll < 0.3 || base === null || typeof base !== 'object') {
    return { text: JSON.stringify(roll < 0.3 ? base : r.pick(BAD_VALUES)) };
  }
  const target = base as Record<string, unknown>;
  const keys = Object.keys(target);
  if (roll < 0.38 || !keys.length) target[r.pick(['unknown', 'constructor', '\ud800', ''])] = r.pick(BAD_VALUES);
  else {
    const key = r.pick(keys);
    const inner = target[key];
    // Inside an array of objects half the time (category shares, csv rows), else the field itself.
    if (Array.isArray(inner) && inner[0] && typeof inner[0] === 'object' && r.next() < 0.5) {
      const row = inner[0] as Record<string, unknown>;
      const rowKeys = Object.keys(row);
      if (rowKeys.length) row[r.pick(rowKeys)] = r.pick(BAD_VALUES);
    } else target[key] = r.pick(BAD_VALUES);
  }
  return { text: JSON.stringify(target) };
}
