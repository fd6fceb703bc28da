// Every jest file: a query sent on a PostgreSQL connection while others wait on it fails the test that sent it.
// node-postgres queues such queries and only warns, once per process, that it will refuse them from pg 9; the usual
// cause is a Promise.all over a transaction, which holds one connection (the login answer did this).
import pg from 'pg';

type QueuedClient = { _queryQueue?: unknown[] };
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function queryOneAtATime(this: pg.Client, ...args: Parameters<typeof query>) {
  if (((this as unknown as QueuedClient)._queryQueue?.length ?? 0) > 0)
    throw new Error('a query was sent on a PostgreSQL connection while others waited on it (a Promise.all on a transaction?)');
  return query.apply(this, args);
} as typeof query;
