import { addDays } from './pickups';

// The daily digest of unrecorded pickups (docs/rules.md, The daily digest of unrecorded pickups). Which pickups are
// unrecorded is isUnrecorded in pickups.ts, the rule of the pickups screen and the month's warning; this file only
// bounds how far back the digest looks, so a branch is not mailed months of history every day.

/** The digest lists unrecorded pickups dated at most this many days before today. */
export const PICKUP_DIGEST_DAYS = 14;

/** The dates the digest reads (both included): the last PICKUP_DIGEST_DAYS days, up to today. */
export const pickupDigestRange = (today: string) => ({ from: addDays(today, -PICKUP_DIGEST_DAYS), to: today });
