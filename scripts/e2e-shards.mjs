// How npm test runs the browser specs as two shards side by side. Playwright's own --shard splits by test count,
// and the specs' times differ tenfold (an offline spec waits for the network to come back), so one shard ran
// twice as long as the other. Here the specs are split by their recorded times (e2e/durations.json), longest
// first, each to the shard with less so far. The specs that need the single sign-on app go to one shard together,
// so the other starts neither that app nor the identity providers.
import fs from 'node:fs';
import path from 'node:path';

/** The specs that run against the single sign-on / embedded-mode app (e2e/support/sso-env.ts). */
export const SSO_SPECS = /(sso|embedded|saved-token|onboarding|people-places|partner-program|a11y-invitation|pickup-digest-mail)\.spec/;

/** The spec files under dir, split into two lists of about equal recorded time. */
export function splitSpecs(dir) {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
  const durationsFile = path.join(dir, 'durations.json');
  const seconds = fs.existsSync(durationsFile) ? JSON.parse(fs.readFileSync(durationsFile, 'utf8')).seconds : {};
  const known = files.map((f) => seconds[f]).filter((s) => typeof s === 'number');
  // A spec with no recorded time yet counts as a middling one.
  const middle = known.length ? known.sort((a, b) => a - b)[Math.floor(known.length / 2)] : 1;
  const weight = (f) => seconds[f] ?? middle;
  const shards = [
    { files: [], seconds: 0 },
    { files: [], seconds: 0 },
  ];
  for (const f of files.filter((f) => SSO_SPECS.test(f))) {
    shards[0].files.push(f);
    shards[0].seconds += weight(f);
  }
  const rest = files.filter((f) => !SSO_SPECS.test(f)).sort((a, b) => weight(b) - weight(a));
  for (const f of rest) {
    const lighter = shards[0].seconds <= shards[1].seconds ? shards[0] : shards[1];
    lighter.files.push(f);
    lighter.seconds += weight(f);
  }
  return shards.map((s) => s.files.map((f) => path.posix.join(dir, f)));
}
