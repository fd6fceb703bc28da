// The database schema, one module for drizzle-kit and every query: the core tables (users, branches, stores,
// donations, reference data) in schema-core.ts and the others in files by area (people, totals, workflow, sign-in,
// flags, partners, mail, pickups, manifests). Each area file imports the core tables it references from
// schema-core.ts, never from here, so that this barrel and its parts do not import each other.
export * from './schema-core';
export * from './schema-people';
export * from './schema-totals';
export * from './schema-workflow';
export * from './schema-auth';
export * from './schema-flags';
export * from './schema-partners';
export * from './schema-mail';
export * from './schema-pickups';
export * from './schema-manifests';
