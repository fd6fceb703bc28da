// The message namespaces each part of the app sends to the browser. next-intl's client provider without `messages`
// sends every namespace of both sides (about 45 kB of text, twice that escaped in the page's data) into each page, the
// sign-in page included; each layout sends only what the client components under it read. Server components read
// their texts on the server and send none. tests/messages/client-namespaces.test.ts reads the client import graph
// and fails when a list here misses a namespace, or holds one no client component under it reads.

/** Signed-out pages: app/(public) (sign-in, forgotten password, invitation). */
const PUBLIC = ['ChangePasswordPage', 'Common', 'Errors', 'ForgotPasswordPage', 'Header', 'Invitation', 'Limits', 'LoginPage'] as const;

/** Signed-in shell (header, drawer, offline support) and the branch side's screens: app/(app) except program/ and partner/. */
const APP = [
  'BranchHistory',
  'BranchPage',
  'BranchPeople',
  'ChangePasswordPage',
  'Common',
  'DonationForm',
  'Errors',
  'Export',
  'FasterEntry',
  'FeedbackPage',
  'Header',
  'Limits',
  'MonthList',
  'MonthPage',
  'MonthReopen',
  'Offline',
  'PeopleInvite',
  'ProgramAudit',
  'ProgramNav',
  'ReminderSetting',
  'StoreRequest',
  'Totals',
] as const;

/** The program's screens: app/(app)/program (its layout's provider replaces the shell's for its pages). */
const PROGRAM = [
  'BranchPage',
  'Common',
  'DonationForm',
  'Errors',
  'FasterEntry',
  'Limits',
  'Offline',
  'PeopleInvite',
  'ProgramBranches',
  'ProgramImport',
  'ProgramMarked',
  'ProgramMonthHistory',
  'ProgramNav',
  'ProgramRequests',
  'ProgramStores',
  'ProgramUsers',
  'ReminderSetting',
  'StoreRequest',
] as const;

/** The retail partner's screens: app/(app)/partner (its layout's provider replaces the shell's for its pages). */
const PARTNER = ['Errors', 'Limits', 'PartnerLines', 'PartnerStatementForm'] as const;

export const CLIENT_NAMESPACES = { public: PUBLIC, app: APP, program: PROGRAM, partner: PARTNER } as const;

export type ClientArea = keyof typeof CLIENT_NAMESPACES;
