// A branch's fields and their limits as plain data and functions (no zod): the organisation form checks
// them in the browser, and lib/domain/branch.ts builds the API's schema from the same table.
import type { ErrorCode } from './errors';

/** The longest text the API takes, per text field. */
export const BRANCH_TEXT_MAX = {
  name: 200,
  email: 320,
  phoneNumber: 50,
  province: 60,
  city: 120,
  address1: 300,
  address2: 300,
  postalCode: 20,
  website: 500,
  operatingHours: 2000,
  contactName: 200,
  contactTitle: 200,
  contactEmail: 320,
  contactPhoneNumber: 50,
} as const;
export type BranchTextField = keyof typeof BRANCH_TEXT_MAX;

export const BRANCH_STATISTICS = ['numStaff', 'numVolunteers', 'numServedInPreviousYear', 'totalPoundsDistributedAnnually'] as const;
export type BranchStatistic = (typeof BRANCH_STATISTICS)[number];
/** The largest statistic the API takes. */
export const STATISTIC_MAX = 1e12;

// What counts as an e-mail address: something@something.tld, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const REQUIRED: [BranchTextField, ErrorCode][] = [
  ['name', 'ORG_NAME_VALIDATE'],
  ['phoneNumber', 'ORG_PHONE_VALIDATE'],
  ['email', 'ORG_EMAIL_VALIDATE'],
  ['address1', 'ORG_ADDRESS_VALIDATE'],
  ['city', 'ORG_CITY_VALIDATE'],
  ['postalCode', 'ORG_POSTAL_CODE_VALIDATE'],
];

/** Whether the field is required: the forms mark it so (*) from the same table the check reads. */
export const isRequiredBranchField = (field: string): boolean => REQUIRED.some(([f]) => f === field);

/** Organisation details' rules (docs/product.md): required fields non-empty, a valid e-mail, an http(s) web site. */
export function checkBranchRules(body: Partial<Record<BranchTextField, unknown>>): { code: ErrorCode; field: string }[] {
  const out: { code: ErrorCode; field: string }[] = [];
  for (const [field, code] of REQUIRED) {
    const v = body[field];
    const text = typeof v === 'string' ? v.trim() : '';
    if (!text || (field === 'email' && !EMAIL_PATTERN.test(text))) out.push({ code, field });
  }
  const website = typeof body.website === 'string' ? body.website.trim() : '';
  if (website && !isWebAddress(website)) out.push({ code: 'ORG_WEBSITE_VALIDATE', field: 'website' });
  return out;
}

/**
 * The web site is shown as a link: only an http(s) address with a host, so that a `javascript:` or `data:` link
 * (which runs in the page of whoever clicks it) cannot be saved.
 */
export function isWebAddress(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
