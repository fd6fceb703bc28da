import { differs, draftKey, inPeriod, newKey, sendOutcome, type DraftValues } from './entries';

const values: DraftValues = { date: '11/20/2026', storeId: '', source: '1', weight: '0', weightUnit: '1', shares: [0, 0, 0] };

describe('drafts', () => {
  test('are kept per user, branch, form and donation', () => {
    const base = { userId: 'u1', branchId: 'b1', mode: 'add' as const, campaignId: 'rfp' };
    const keys = new Set([
      draftKey(base),
      draftKey({ ...base, userId: 'u2' }),
      draftKey({ ...base, branchId: 'b2' }),
      draftKey({ ...base, mode: 'edit', donationId: 'd1' }),
      draftKey({ ...base, mode: 'edit', donationId: 'd2' }),
      draftKey({ ...base, campaignId: 'c1' }),
    ]);
    expect(keys.size).toBe(6);
    // A separator typed inside an id cannot make two scopes collide.
    expect(draftKey({ ...base, userId: 'a|b', branchId: 'c' })).not.toBe(draftKey({ ...base, userId: 'a', branchId: 'b|c' }));
  });

  test('a form is half-filled when any value differs from its first values', () => {
    expect(differs(values, { ...values })).toBe(false);
    expect(differs(values, { ...values, weight: ' 0 ' })).toBe(false);
    expect(differs(values, { ...values, weight: '12' })).toBe(true);
    expect(differs(values, { ...values, storeId: 's1' })).toBe(true);
    expect(differs(values, { ...values, shares: [0, 50, 0] })).toBe(true);
    expect(differs(values, { ...values, date: '11/19/2026' })).toBe(true);
  });
});

describe('outbox answers', () => {
  test('a sent entry leaves the outbox; no answer, 5xx and 429 keep it for a retry with the same key', () => {
    expect(sendOutcome(201)).toBe('sent');
    expect(sendOutcome(200)).toBe('sent');
    for (const s of [null, 500, 502, 503, 429, 408]) expect(sendOutcome(s)).toBe('keep');
  });

  test('401 waits for the sign-in; other refusals (month submitted, a rule changed, conflict) are shown on the entry', () => {
    expect(sendOutcome(401)).toBe('sign-in');
    for (const s of [400, 403, 404, 409, 413, 422]) expect(sendOutcome(s)).toBe('refused');
  });

  test('entries are listed under the month and year of their date', () => {
    const entry = { body: { date: '2026-11-03', weight: 1, weightUnit: 1, storeId: null, source: 1 } };
    expect(inPeriod(entry, 2026, 11)).toBe(true);
    expect(inPeriod(entry, 2026)).toBe(true);
    expect(inPeriod(entry, 2026, 10)).toBe(false);
    expect(inPeriod(entry, 2025)).toBe(false);
  });
});

test('idempotency keys are random v4 UUIDs, also where randomUUID is missing (plain http)', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  expect(newKey()).toMatch(uuid);
  const original = crypto.randomUUID;
  Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
  try {
    const keys = new Set(Array.from({ length: 50 }, () => newKey()));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(k).toMatch(uuid);
  } finally {
    Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
  }
});
