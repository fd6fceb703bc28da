// Writes lib/api/paths.d.ts from the donation API's OpenAPI document (see scripts/api-types.ts).
// Run it after changing a route's schema: npm run gen:api-types (a test fails while the committed file is stale).
import fs from 'node:fs';
import path from 'node:path';
import { API_TYPES_FILE, apiTypesSource } from './api-types';

void apiTypesSource().then((source) => {
  fs.writeFileSync(API_TYPES_FILE, source);
  process.stdout.write(`gen-api-types: wrote ${path.relative(process.cwd(), API_TYPES_FILE)}\n`);
});
