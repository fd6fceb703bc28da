import type { PGlite, Transaction } from '@electric-sql/pglite';

// PGlite runs PostgreSQL in this process's own thread, and inside a transaction its statements follow one another
// through promises alone (it writes to disk only after the commit): a long transaction, such as the demo data of a
// first start, held the event loop for its whole length (4 seconds on a busy machine), and /api/ready and
// /api/health, which answer "starting" at once, waited as long. A turn of the event loop before each statement lets
// the server answer meanwhile; it costs microseconds a statement.
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function withTurns(tx: Transaction): Transaction {
  return {
    ...tx,
    query: async (...args: Parameters<Transaction['query']>) => {
      await turn();
      return tx.query(...args);
    },
    exec: async (...args: Parameters<Transaction['exec']>) => {
      await turn();
      return tx.exec(...args);
    },
    get closed() {
      return tx.closed;
    },
  } as Transaction;
}

/** Makes every transaction of this client give the event loop a turn before each of its statements. */
export function yieldBetweenStatements(client: PGlite): void {
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) => transaction((tx) => callback(withTurns(tx)));
}
