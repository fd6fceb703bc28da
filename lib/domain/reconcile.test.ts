import { reconcile, summarize, withinTolerance } from './reconcile';

const line = (id: string, date: string, pounds: number, storeId = 's1') => ({ id, storeId, date, pounds });
const don = (id: string, date: string, pounds: number, storeId = 's1') => ({ id, storeId, date, pounds });

describe('reconcile a manifest with the branch donations', () => {
  it('matches a donation of the same store dated the next day within 10 %', () => {
    const out = reconcile([line('L1', '2026-11-12', 320)], [don('D1', '2026-11-13', 300)], 10);
    expect(out).toEqual([{ kind: 'matched', line: line('L1', '2026-11-12', 320), donation: don('D1', '2026-11-13', 300) }]);
  });

  it('says differs with both figures when the weight is outside the tolerance', () => {
    const out = reconcile([line('L1', '2026-11-12', 120)], [don('D1', '2026-11-12', 1200)], 10);
    expect(out).toEqual([{ kind: 'differs', line: line('L1', '2026-11-12', 120), donation: don('D1', '2026-11-12', 1200) }]);
  });

  it('leaves a line two days away, or of another store, on one side only', () => {
    const out = reconcile([line('L1', '2026-11-12', 320)], [don('D1', '2026-11-14', 320), don('D2', '2026-11-12', 320, 's2')], 10);
    expect(out.map((o) => o.kind)).toEqual(['manifest-only', 'donation-only', 'donation-only']);
  });

  it('prefers a next-day donation that matches over a same-day one that differs', () => {
    const out = reconcile(
      [line('L1', '2026-11-12', 320), line('L2', '2026-11-11', 50)],
      [don('D1', '2026-11-12', 50), don('D2', '2026-11-13', 320)],
      10,
    );
    expect(out.map((o) => [o.kind, 'line' in o ? o.line.id : null, 'donation' in o ? o.donation.id : null])).toEqual([
      ['matched', 'L1', 'D2'],
      ['matched', 'L2', 'D1'],
    ]);
  });

  it('pairs each donation once: two store lines and one donation leave one line alone', () => {
    const out = reconcile([line('L1', '2026-11-12', 100), line('L2', '2026-11-12', 100.5)], [don('D1', '2026-11-12', 100)], 10);
    expect(summarize(out)).toEqual({ matched: 1, differs: 0, manifestOnly: 1, donationOnly: 0, share: 0.5 });
  });

  it('takes the tolerance the program sets, its edge included', () => {
    expect(withinTolerance(100, 110, 10)).toBe(true);
    expect(withinTolerance(100, 110.1, 10)).toBe(false);
    expect(reconcile([line('L1', '2026-11-12', 100)], [don('D1', '2026-11-12', 104)], 3)[0]!.kind).toBe('differs');
  });

  it('has no share when there is nothing to compare', () => {
    expect(summarize([])).toEqual({ matched: 0, differs: 0, manifestOnly: 0, donationOnly: 0, share: null });
  });
});
