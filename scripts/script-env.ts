// What every command-line entry point does first: check the environment like the app does and say which
// database it is about to use (on stderr, so standard output stays the command's own).
import path from 'node:path';
import { apiEnv } from '../donation-api/config';
import { dataDirOf, describeDatabase } from '../donation-api/env';

export type ScriptDatabase = { databaseUrl?: string; pgliteDir: string; where: string };

export function scriptDatabase(name: string): ScriptDatabase {
  const env = apiEnv(process.env); // throws an EnvError listing every wrong variable
  const pgliteDir = path.join(dataDirOf(process.env), 'pglite');
  const where = describeDatabase(process.env, pgliteDir);
  process.stderr.write(`${name}: using the ${where}\n`);
  return { databaseUrl: env.DATABASE_URL, pgliteDir, where };
}
