// Small helpers of the demo data: a deterministic random sequence, category splits, batched inserts.

/** Small deterministic generator, so every demo database tells the same story. */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whole-percent shares over 1 to 4 food categories, totalling 100. */
export function randomSplit(rand: () => number): { categoryId: number; fraction: number }[] {
  const food = [1, 2, 3, 4, 5, 6, 7, 8];
  const n = 1 + Math.floor(rand() * 4);
  const picked: number[] = [];
  while (picked.length < n) {
    const c = food[Math.floor(rand() * food.length)]!;
    if (!picked.includes(c)) picked.push(c);
  }
  const weights = picked.map(() => 1 + rand() * 4);
  const total = weights.reduce((a, b) => a + b, 0);
  const percents = weights.map((w) => Math.max(1, Math.floor((w / total) * 100)));
  percents[0]! += 100 - percents.reduce((a, b) => a + b, 0);
  return picked.map((categoryId, i) => ({ categoryId, fraction: percents[i]! / 100 })).sort((a, b) => a.categoryId - b.categoryId);
}

export async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}
