// What /api/openapi.json says beyond the routes themselves: the document's description, its tags, and for each
// operation without its own description one made from its summary and its declared access. Tools that build on the
// document (client generators, the reference page, Spectral's `spectral:oas` rules that tests/deploy/openapi-lint.test.ts
// runs) read the tags and the descriptions; the access is what a caller most needs and what the router enforces.
import { declaredAccess, type Access, type AccessLevel } from './auth/access';
import { APP_VERSION } from './version';

/** Each tag an operation may carry, with what its operations are about. */
export const API_TAGS = [
  { name: 'Sign-in', description: 'Signing in and out, tokens, passwords, invitations and single sign-on.' },
  { name: 'Health', description: 'Liveness and readiness checks for load balancers and orchestrators; no token.' },
  { name: 'Config', description: 'Settings the screens need before or after sign-in.' },
  { name: 'Contact', description: 'The program’s contact details.' },
  { name: 'Categories', description: 'The food categories a donation is split into.' },
  { name: 'Branches', description: 'Food-bank branches: their details, people, months and reports.' },
  { name: 'Stores', description: 'The grocery stores a branch receives donations from.' },
  { name: 'Donations', description: 'Donations a branch logs, their months, totals, history and exports.' },
  { name: 'Totals', description: 'Totals of the donations over months and years.' },
  { name: 'Users', description: 'The signed-in user’s own account and preferences.' },
  { name: 'Feedback', description: 'Feedback sent to the program.' },
  { name: 'Program', description: 'Program staff: oversight of every branch, reopening, reminders, people and places.' },
  { name: 'Partner', description: 'Retail partners: their stores’ figures, statements and queries.' },
  { name: 'Pickups', description: 'Store pickup schedules, a branch’s scheduled pickups and what it recorded for them.' },
  {
    name: 'Manifests',
    description: 'What left each store as the retailer records it: files and lines sent, and their reconciliation with donations.',
  },
];

const LEVEL_WORDS: Record<AccessLevel, string> = {
  public: 'No token needed.',
  'signed-in': 'Any signed-in user (a valid bearer token); it reaches only the caller’s own records.',
  'branch-read': 'A user of the branch, or program staff whose scope includes it.',
  'branch-write': 'A user of the branch, or a program administrator whose scope includes it.',
  'branch-member': 'A user who belongs to the branch (program staff are not members).',
  'branch-lead': 'The lead of the branch.',
  'donation-read': 'A user of the donation’s branch, or program staff whose scope includes it.',
  'donation-write': 'A user of the donation’s branch, or a program administrator whose scope includes it.',
  'program-staff': 'Program staff: administrators and coordinators (a coordinator sees the provinces of their scope).',
  'program-admin': 'Program administrators only.',
  partner: 'A retail partner; it sees its own retailer’s stores only.',
};

const BRANCH_FROM_WORDS = { param: 'the path', query: 'the query', json: 'the JSON body' } as const;

/** Who may call an operation, in words (the same rule auth/access.ts enforces). */
export function accessInWords(access: Access): string {
  const words = [`Access: ${LEVEL_WORDS[access.level]}`];
  if (access.branchFrom) {
    words.push(
      `The branch is the branchId of ${BRANCH_FROM_WORDS[access.branchFrom]}${access.optional ? ' (when left out, the caller’s own branches)' : ''}.`,
    );
  }
  if (access.record) words.push(access.record);
  if (access.level !== 'public')
    words.push('Without a valid token: 401; anything outside the caller’s reach: the same 404 as an unknown id.');
  return words.join(' ');
}

type RouteDefinition = { type: string; route?: { summary?: string; description?: string } & object };

/** Gives every operation without a description one: its summary and who may call it. */
export function describeOperations(definitions: RouteDefinition[]): void {
  for (const d of definitions) {
    if (d.type !== 'route' || !d.route || d.route.description) continue;
    const access = declaredAccess(d.route);
    const summary = d.route.summary ? `${d.route.summary.replace(/\.?$/, '.')} ` : '';
    d.route.description = `${summary}${access ? accessInWords(access) : ''}`.trim();
  }
}

/** The document's own part: title, version (the product's), description, contact, license, servers and tags. */
export function documentConfig() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Retail Food Program donation API',
      version: APP_VERSION,
      description:
        'The donation REST API of the Retail Food Program app: food-bank branches log retail donations and report ' +
        'monthly, program staff oversee, retail partners see their stores’ figures. Sign in with POST ' +
        '/api/user/login and send the token as a bearer token. A refusal is a 4xx with a JSON body ' +
        '{ code, message, field? }. The version is the product’s (CHANGELOG.md).',
      contact: { name: 'Retail Food Program' },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    tags: API_TAGS,
    security: [{ bearerAuth: [] }],
  };
}
