// The release folder's admin.cjs acts on its own folder wherever it is typed, as that folder's server.js does (Next's
// standalone server changes into its folder): its .env* files, its ./data (DATA_DIR's default, and a relative
// DATA_DIR) and its migrations. Typed in another folder it used to read that folder's .env files and make an empty
// ./data there. Imported by scripts/admin.ts before scripts/load-env.ts. npm run admin already runs in the checkout.
import path from 'node:path';

/** Whether this is the release folder's node admin.cjs (else npm run admin in a checkout). */
export const inRelease = path.basename(process.argv[1] ?? '') === 'admin.cjs';

/** Where the command was typed: the files named on the command line (backup FILE, import-branches FILE) are there. */
export const typedIn = process.cwd();

if (inRelease) process.chdir(path.dirname(path.resolve(process.argv[1]!)));
