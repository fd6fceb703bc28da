// Reconciliation of a retailer's manifest with the branches' donations (docs/rules.md, Manifests): pure, so the
// branch's screen, the program's and the partners' shares and the benchmark all pair lines the same way.

export type ReconcileManifestLine = { id: string; storeId: string; date: string; pounds: number };
export type ReconcileDonation = { id: string; storeId: string; date: string; pounds: number };
export type ReconcileOutcome =
  | { kind: 'matched' | 'differs'; line: ReconcileManifestLine; donation: ReconcileDonation }
  | { kind: 'manifest-only'; line: ReconcileManifestLine }
  | { kind: 'donation-only'; donation: ReconcileDonation };

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/** Whether a donation's pounds are within the tolerance (a percentage of the store's own figure). */
export function withinTolerance(manifestPounds: number, donationPounds: number, tolerancePercent: number) {
  return Math.abs(donationPounds - manifestPounds) <= (manifestPounds * tolerancePercent) / 100 + 1e-9;
}

/**
 * Pairs each manifest line with at most one donation of the same store dated within one day. Pairs within the
 * tolerance are taken first, then the nearest date, then the nearest weight, so a same-day donation that differs
 * never takes the place of a next-day one that matches. A pair outside the tolerance "differs"; what is left on
 * either side is "only on one side".
 */
export function reconcile(lines: ReconcileManifestLine[], donations: ReconcileDonation[], tolerancePercent: number): ReconcileOutcome[] {
  const byStore = new Map<string, ReconcileDonation[]>();
  for (const d of donations) {
    const list = byStore.get(d.storeId);
    if (list) list.push(d);
    else byStore.set(d.storeId, [d]);
  }
  type Pair = { line: ReconcileManifestLine; donation: ReconcileDonation; ok: boolean; days: number; diff: number };
  const pairs: Pair[] = [];
  for (const line of lines) {
    const day = dayNumber(line.date);
    for (const donation of byStore.get(line.storeId) ?? []) {
      const days = Math.abs(dayNumber(donation.date) - day);
      if (days > 1) continue;
      const diff = Math.abs(donation.pounds - line.pounds);
      pairs.push({ line, donation, ok: withinTolerance(line.pounds, donation.pounds, tolerancePercent), days, diff });
    }
  }
  pairs.sort((a, b) => Number(b.ok) - Number(a.ok) || a.days - b.days || a.diff - b.diff || a.line.id.localeCompare(b.line.id));
  const usedLines = new Set<string>();
  const usedDonations = new Set<string>();
  const out: ReconcileOutcome[] = [];
  for (const p of pairs) {
    if (usedLines.has(p.line.id) || usedDonations.has(p.donation.id)) continue;
    usedLines.add(p.line.id);
    usedDonations.add(p.donation.id);
    out.push({ kind: p.ok ? 'matched' : 'differs', line: p.line, donation: p.donation });
  }
  for (const line of lines) if (!usedLines.has(line.id)) out.push({ kind: 'manifest-only', line });
  for (const donation of donations) if (!usedDonations.has(donation.id)) out.push({ kind: 'donation-only', donation });
  return out;
}

export type ReconcileSummary = { matched: number; differs: number; manifestOnly: number; donationOnly: number; share: number | null };

/** Counts by outcome and the reconciled share: matched pairs of every pair or lone record (null when there is none). */
export function summarize(outcomes: ReconcileOutcome[]): ReconcileSummary {
  const s = { matched: 0, differs: 0, manifestOnly: 0, donationOnly: 0 };
  for (const o of outcomes) {
    if (o.kind === 'matched') s.matched++;
    else if (o.kind === 'differs') s.differs++;
    else if (o.kind === 'manifest-only') s.manifestOnly++;
    else s.donationOnly++;
  }
  const total = s.matched + s.differs + s.manifestOnly + s.donationOnly;
  return { ...s, share: total ? s.matched / total : null };
}
