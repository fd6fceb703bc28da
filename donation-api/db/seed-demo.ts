import type { Db } from './client';

/** Demo data (users demo/demo2, branches, stores, two years of donations). Filled in by the API work. */
export async function seedDemo(_db: Db, _opts: { today: Date; bananaBoxLbs: number }): Promise<boolean> {
  return false;
}
