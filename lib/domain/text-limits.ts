import { z } from 'zod';

// The longest text each field takes, shared by the API's schemas (a refusal names the field and the limit) and the
// forms (maxlength, so the browser stops the typing at the same place).

/** "My store is not in the list" and the program's own store form. */
export const STORE_TEXT_MAX = { retailer: 200, banner: 200, name: 200, number: 50, address: 300 } as const;

/** The English refusal of a text over its limit; the screens say it in the user's language (Limits.tooLong). */
export function tooLongMessage(label: string, max: number): string {
  return `${label}: at most ${max.toLocaleString('en-CA')} characters.`;
}

/** Shape of tooLongMessage, so the validation hook keeps a schema's own label. */
export const TOO_LONG_MESSAGE = /^.+: at most [\d,]+ characters\.$/;

/** A trimmed text of at most `max` characters whose refusal names it (`label`, in English) and the limit. */
export function limitedText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLongMessage(label, max) });
}

/** An invitation (program administrator's, lead's or retail partner's) and the reason every administrative change carries. */
export const INVITE_TEXT_MAX = { email: 320, username: 200, reason: 500 } as const;

/** A retail partner's query on a donation line, and the answer of the food bank or the program. */
export const PARTNER_QUERY_TEXT_MAX = { reason: 500, answer: 1000 } as const;

/** A month's reopening (the branch's request and the program's direct reopening), the program's answer to a request,
 * and the word sent with a request to correct a marked weight. */
export const WORKFLOW_TEXT_MAX = { reason: 1000, answer: 1000, note: 1000 } as const;

/** Sign-in, password change and invitation: a name or password longer than this is refused before it is hashed. */
export const SIGN_IN_TEXT_MAX = { username: 200, password: 200 } as const;

/** The search box of the program's people and stores lists. */
export const SEARCH_TEXT_MAX = 200;
