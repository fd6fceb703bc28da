// What the device keeps so that nothing typed is lost: drafts of the add/edit form and the outbox of donations
// added without a network. Pure rules here (keys, which answers refuse an entry); IndexedDB in ./store.ts.

/** The form's values as typed (strings as in the inputs, shares in whole percent). */
export type DraftValues = { date: string; storeId: string; source: string; weight: string; weightUnit: string; shares: number[] };

export type DraftScope = { userId: string; branchId: string; mode: 'add' | 'edit'; donationId?: string; campaignId: string };

export type Draft = {
  key: string;
  values: DraftValues;
  /** One Idempotency-Key per entry: every attempt to save this entry sends it, so a retry never makes a second row. */
  idempotencyKey: string;
  updatedAt: string;
  /** The last save was answered 401: the form says so when it comes back after the sign-in. */
  interrupted?: boolean;
  /** The draft is the fix of this refused outbox entry: saving it removes the entry. */
  outboxId?: string;
};

export type OutboxStatus = 'waiting' | 'refused';

export type OutboxEntry = {
  id: string;
  userId: string;
  branchId: string;
  campaignId: string;
  /** The BFF path of the create call and its body, exactly as the form would have sent them. */
  path: string;
  body: { date: string; weight: number; weightUnit?: number } & Record<string, unknown>;
  /** For the waiting list: the store's name when it was added, the form values to reopen it. */
  storeName: string;
  values: DraftValues;
  idempotencyKey: string;
  createdAt: string;
  status: OutboxStatus;
  error?: { status: number; code?: string; message: string };
};

export const DRAFT_PREFIX = 'draft:';
/** Sent on window when the outbox changes (the waiting lists read it again). */
export const CHANGE_EVENT = 'rfp-offline-change';
/** A cheap hint read on every load without IndexedDB: is anything (waiting or refused) in the outbox of this device? */
export const PENDING_HINT = 'rfp-outbox-pending';
export const OUTBOX_PREFIX = 'outbox:';

export function draftKey(s: DraftScope): string {
  return [DRAFT_PREFIX + s.userId, s.branchId, s.mode, s.donationId ?? 'new', s.campaignId].map(encodeURIComponent).join('|');
}

export function outboxKey(id: string): string {
  return OUTBOX_PREFIX + id;
}

/** A draft worth keeping and restoring: anything that differs from the form's first values. */
export function differs(a: DraftValues, b: DraftValues): boolean {
  return (
    a.date !== b.date ||
    a.storeId !== b.storeId ||
    a.source !== b.source ||
    a.weight.trim() !== b.weight.trim() ||
    a.weightUnit !== b.weightUnit ||
    a.shares.length !== b.shares.length ||
    a.shares.some((p, i) => p !== b.shares[i])
  );
}

export type SendOutcome = 'sent' | 'keep' | 'sign-in' | 'refused';

/**
 * What an answer to a queued create means for the entry. 2xx: sent. 401: the session is gone; the entry waits for
 * the sign-in. 408, 425, 429 and 5xx (and no answer at all): try again later with the same key. Any other 4xx is
 * a refusal of this entry (month submitted meanwhile, a rule changed): shown on the entry, never retried blindly.
 */
export function sendOutcome(status: number | null): SendOutcome {
  if (status === null) return 'keep';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 401) return 'sign-in';
  if (status === 408 || status === 425 || status === 429 || status >= 500) return 'keep';
  return 'refused';
}

/** The date of an entry (YYYY-MM-DD) is in this year (and month, when given). */
export function inPeriod(entry: Pick<OutboxEntry, 'body'>, year: number, month?: number): boolean {
  const [y, m] = entry.body.date.split('-').map(Number);
  return y === year && (month === undefined || m === month);
}

/** A random UUID (v4); randomUUID exists only in secure contexts (https, localhost), getRandomValues everywhere. */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
