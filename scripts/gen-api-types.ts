// Writes web/api/paths.d.ts from the donation API's OpenAPI document (see scripts/api-types.ts).
// npm install (postinstall), npm run lint and npm run typecheck run it; run it by hand after changing a route's schema
// (npm run gen:api-types) so the editor sees the new types. A test fails while the file on disk is stale.
import fs from 'node:fs';
import path from 'node:path';
import { API_TYPES_FILE, apiTypesSource } from './api-types';

void apiTypesSource().then((source) => {
  fs.writeFileSync(API_TYPES_FILE, source);
  process.stdout.write(`gen-api-types: wrote ${path.relative(process.cwd(), API_TYPES_FILE)}\n`);
});
