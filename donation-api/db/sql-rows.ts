import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Runs a raw statement and answers its rows. Both drivers (node-postgres and PGlite) answer
 * `{ rows }`; the Db type is generic over them, hence the cast.
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** The row an insert or update `returning()` gave back, for a statement that writes exactly one row. */
export function returnedRow<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('The statement returned no row.');
  return row;
}
