// Who may open each screen, declared once: the proxy reads this table on every page request, and the layouts and
// pages check the same level on the server (web/server/screen-guard.ts), so that a screen never relies on the proxy
// alone. tests/server/screen-access.test.ts fails when a page under app/ has no entry here, when an entry has no page,
// or when the level a page's layouts and the page itself check is not the level declared here.

export const SCREEN_LEVELS = [
  /** Anyone, signed in or not: sign-in, the forgotten password, an invitation (its link is the credential). */
  'open',
  /** Anyone signed in, retail partners included. */
  'signed-in',
  /** Food-bank and program staff: a retail partner is sent to /partner. */
  'staff',
  /** The selected branch's staff: program staff without a branch are sent to /program, a partner to /partner. */
  'branch',
  /** Program staff, administrators and coordinators: anyone else gets the same 404 as an unknown page. */
  'program-staff',
  /** Program administrators: coordinators and branch staff get the same 404 as an unknown page. */
  'program-admin',
  /** Retail partners: anyone else is sent home. */
  'partner',
] as const;
export type ScreenLevel = (typeof SCREEN_LEVELS)[number];

/** Every screen, by its route as Next names it (route groups left out), and who may open it. */
export const SCREENS = {
  '/login': 'open',
  '/forgot-password': 'open',
  '/invitation/[token]': 'open',
  '/change-password': 'signed-in',
  '/feedback': 'staff',
  '/': 'branch',
  '/branch': 'branch',
  // A lead's colleagues: the API answers 404 to a member who does not lead the branch.
  '/branch/people': 'branch',
  '/donations/add': 'branch',
  '/donations/[year]/[month]': 'branch',
  '/donations/[year]/[month]/report': 'branch',
  '/donations/[year]/[month]/store-records': 'branch',
  '/donations/edit/[donationId]/[campaignId]': 'branch',
  '/pickups': 'branch',
  '/program': 'program-staff',
  '/program/year': 'program-staff',
  '/program/totals': 'program-staff',
  // A coordinator sees the pickups of their provinces' food banks: the API limits the counts.
  '/program/reliability': 'program-staff',
  '/program/requests': 'program-staff',
  '/program/marked': 'program-staff',
  '/program/queries': 'program-staff',
  '/program/partner-report': 'program-staff',
  '/program/reconciliation': 'program-staff',
  // A branch in the coordinator's provinces: the API answers 404 to one outside them.
  '/program/branches/[branchId]': 'program-staff',
  '/program/branches/[branchId]/donations/[donationId]': 'program-staff',
  // A store served in the coordinator's provinces: the API answers 404 to one outside them.
  '/program/stores/[storeId]': 'program-staff',
  '/program/stores/schedule-import': 'program-staff',
  '/program/branches': 'program-admin',
  '/program/branches/new': 'program-admin',
  '/program/branches/[branchId]/edit': 'program-admin',
  '/program/users': 'program-admin',
  '/program/stores': 'program-admin',
  '/program/audit': 'program-admin',
  '/program/mail': 'program-admin',
  '/partner': 'partner',
  '/partner/lines': 'partner',
  '/partner/statements': 'partner',
  '/partner/manifests': 'partner',
} as const satisfies Record<string, ScreenLevel>;
export type ScreenRoute = keyof typeof SCREENS;

/** What the session's token says of its user, as far as access goes (next-auth's JWT carries it). */
export type ScreenUser = {
  branchId?: string | null;
  program?: { role: string } | null;
  partner?: unknown;
};

/** The answer to a visit: open the screen, sign in first, go elsewhere, or the same 404 as an unknown page. */
export type ScreenDecision = { allow: true } | { signIn: true } | { redirect: '/' | '/partner' | '/program' } | { notFound: true };

const ALLOW = { allow: true } as const;

/** The one rule: whether `user` (undefined: signed out) may open a screen of `level`, and where to go if not. */
export function screenDecision(level: ScreenLevel, user: ScreenUser | undefined): ScreenDecision {
  if (level === 'open') return ALLOW;
  if (!user) return { signIn: true };
  const partner = !!user.partner;
  switch (level) {
    case 'signed-in':
      return ALLOW;
    case 'staff':
      return partner ? { redirect: '/partner' } : ALLOW;
    case 'branch':
      if (partner) return { redirect: '/partner' };
      return user.program && !user.branchId ? { redirect: '/program' } : ALLOW;
    case 'program-staff':
      if (partner) return { redirect: '/partner' };
      return user.program ? ALLOW : { notFound: true };
    case 'program-admin':
      if (partner) return { redirect: '/partner' };
      return user.program?.role === 'admin' ? ALLOW : { notFound: true };
    case 'partner':
      return partner ? ALLOW : { redirect: '/' };
  }
}

// A path whose year or month is not a number opens no screen (it goes to /login as any unknown path does); a
// number out of range opens the month page, which answers 404 and says so.
const PARAM_PATTERNS: Record<string, string> = { '[year]': '\\d{4}', '[month]': '\\d{1,2}' };

type CompiledScreen = { route: ScreenRoute; level: ScreenLevel; pattern: RegExp; staticSegments: number };

const COMPILED: CompiledScreen[] = (Object.entries(SCREENS) as [ScreenRoute, ScreenLevel][]).map(([route, level]) => {
  const segments = route.split('/').filter(Boolean);
  const source = segments
    .map((s) => (s.startsWith('[') ? (PARAM_PATTERNS[s] ?? '[^/]+') : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { route, level, pattern: new RegExp(`^/${source}$`), staticSegments: segments.filter((s) => !s.startsWith('[')).length };
});

// Below /program and /partner a path that is no screen still takes its section's level: a signed-in user then meets
// Next's 404 page there, not the sign-in page.
const SECTIONS: [string, ScreenLevel][] = [
  ['/program/', 'program-staff'],
  ['/partner/', 'partner'],
];

/**
 * The screen a path opens (trailing slashes aside) and its level, the level of its section for an unknown path below
 * /program or /partner, or undefined for any other path (it goes to /login). Where a static segment and a parameter
 * both match (`/program/branches/new`), the static one wins, as in Next's router.
 */
export function screenFor(pathname: string): { route?: ScreenRoute; level: ScreenLevel } | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: CompiledScreen | undefined;
  for (const screen of COMPILED) {
    if (screen.pattern.test(path) && (!best || screen.staticSegments > best.staticSegments)) best = screen;
  }
  if (best) return { route: best.route, level: best.level };
  const section = SECTIONS.find(([prefix]) => path.startsWith(prefix));
  return section && { level: section[1] };
}
