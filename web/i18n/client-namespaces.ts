// The message namespaces each part of the app sends to the browser. next-intl's client provider without `messages`
// sends every namespace of both sides (about 45 kB of text, twice that escaped in the page's data) into each page, the
// sign-in page included. A layout sends what the client components it renders itself read (the header, the drawer);
// a page adds what its own client components read (`withPageMessages` in components/i18n/client-messages.tsx), so a
// screen carries no other screen's texts. Server components read their texts on the server and send none.
// tests/messages/client-namespaces.test.ts reads the client import graph and fails when a list here misses a
// namespace, or holds one that no client component there reads.

/** The layouts: app/(public) and app/(app) (with the program's and the partner's layouts inside it). */
const LAYOUTS = {
  public: [],
  app: ['BranchPeople', 'Common', 'Header', 'ProgramNav'],
} as const;

/** The pages that add texts, each beside its layout's. */
const PAGES = {
  login: ['Common', 'Errors', 'Header', 'Limits', 'LoginPage'],
  forgotPassword: ['Errors', 'ForgotPasswordPage', 'Header'],
  invitation: ['ChangePasswordPage', 'Common', 'Errors', 'Header', 'Invitation', 'Limits'],
  /** A link that no longer works (app/(public)/invitation/[token]/not-found.tsx): the language switch only. */
  invitationGone: ['Header'],
  monthlyReports: ['DonationForm', 'Errors', 'Export', 'Offline'],
  month: [
    'BranchHistory',
    'DonationForm',
    'Errors',
    'Export',
    'Limits',
    'MonthList',
    'MonthPage',
    'MonthReopen',
    'Offline',
    'ProgramAudit',
    'Totals',
  ],
  donationForm: ['DonationForm', 'Errors', 'FasterEntry', 'Limits', 'Offline', 'StoreRequest'],
  branch: ['BranchPage', 'Errors', 'ReminderSetting'],
  pickups: ['Errors', 'Pickups', 'ScheduleProposals', 'StoreSchedule'],
  branchPeople: ['Errors', 'PeopleInvite'],
  changePassword: ['ChangePasswordPage', 'Errors', 'Limits'],
  feedback: ['Errors', 'FeedbackPage'],
  partnerLines: ['Errors', 'Limits', 'PartnerLines'],
  partnerStatements: ['Errors', 'PartnerStatementForm'],
  partnerManifests: ['Errors', 'ManifestUpload'],
  programMonth: ['Errors', 'Limits', 'ProgramRequests'],
  programRequests: ['Errors', 'Limits', 'ProgramRequests', 'ReminderSetting', 'ScheduleProposals', 'StoreSchedule'],
  programMarked: ['Errors', 'Limits', 'ProgramMarked'],
  programMail: ['Errors', 'ProgramMail'],
  programQueries: ['Errors'],
  programBranches: ['Errors', 'Limits', 'ProgramBranches', 'ProgramImport'],
  programBranch: ['Errors', 'Limits', 'ProgramMonthHistory'],
  programBranchForm: ['BranchPage', 'Errors', 'Limits', 'ProgramBranches'],
  programStores: ['Errors', 'Limits', 'ProgramImport', 'ProgramStores'],
  storeSchedule: ['Errors', 'StoreSchedule'],
  scheduleImport: ['Errors', 'ProgramImport', 'ScheduleImport'],
  programUsers: ['Errors', 'Limits', 'PeopleInvite', 'ProgramUsers'],
} as const;

export const CLIENT_NAMESPACES: Record<ClientArea | PageArea, readonly string[]> = { ...LAYOUTS, ...PAGES };

/** The refusals any request may meet, whatever it asked for: every page that sends part of Errors sends these. */
const ANY_REQUEST_ERRORS = [
  'BAD_REQUEST',
  'BROKEN_CHARACTER',
  'CSRF',
  'DATABASE_UNAVAILABLE',
  'FIELD_TOO_LONG',
  'INTERNAL',
  'INVALID_CHARACTERS',
  'MALFORMED_JSON',
  'MALFORMED_URL',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHORIZED',
];

/**
 * The open pages send only the part of Errors (about 7 kB, a third of the sign-in page's data) that their requests can
 * be refused with: the errors of signing in, of a forgotten password, of an invitation, by the prefix of their codes,
 * and the errors of any request. A code outside its page's part would show the form's general message instead.
 */
const ERROR_PREFIXES: Partial<Record<PageArea, readonly string[]>> = {
  login: ['LOGIN_', 'SSO_', 'EMBEDDED_', 'CHALLENGE_'],
  forgotPassword: ['FORGOT_'],
  invitation: ['INVITATION_', 'PWD_', 'USER_'],
};

/** Whether the page sends this key of Errors: every key, unless the page sends only its own part. */
export function sendsErrorKey(area: ClientArea | PageArea, key: string): boolean {
  const prefixes = ERROR_PREFIXES[area as PageArea];
  return !prefixes || ANY_REQUEST_ERRORS.includes(key) || prefixes.some((prefix) => key.startsWith(prefix));
}

/** The Errors texts the page sends: the same object when it sends them all (no copy on every render of every page). */
export function errorTextsFor<T extends Record<string, unknown>>(area: ClientArea | PageArea, texts: T): T {
  if (!ERROR_PREFIXES[area as PageArea]) return texts;
  return Object.fromEntries(Object.entries(texts).filter(([key]) => sendsErrorKey(area, key))) as T;
}

export type ClientArea = keyof typeof LAYOUTS;
export type PageArea = keyof typeof PAGES;
