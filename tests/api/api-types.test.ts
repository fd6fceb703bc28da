// web/api/paths.d.ts, the API's types the screens' client is checked against, must be what the API documents today.
import fs from 'node:fs';
import { API_TYPES_FILE, apiTypesSource } from '../../scripts/api-types';

describe('generated API types', () => {
  it('web/api/paths.d.ts matches the OpenAPI document', async () => {
    const fresh = await apiTypesSource();
    const onDisk = fs.readFileSync(API_TYPES_FILE, 'utf8');
    if (onDisk !== fresh) throw new Error('web/api/paths.d.ts is stale: run `npm run gen:api-types`');
    expect(onDisk).toBe(fresh);
  });
});
