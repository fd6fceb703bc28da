import { z } from 'zod';
import { isoDate, pickupSlotBodySchema, pickupSlotSchema } from './pickups';
import { limitedText } from './text-limits';

// A branch lead's proposed change of a store's schedule (docs/product.md, Pickups): add a slot, change one or end one,
// with a note; the program approves it (the slot is then added or changed by the rules of the store's screen) or
// declines it with a reason, and the lead sees the outcome.

export const SCHEDULE_PROPOSAL_TEXT_MAX = { note: 1000, reason: 1000 } as const;
const PROPOSAL_KINDS = ['add', 'change', 'end'] as const;
export const PROPOSAL_STATUSES = ['open', 'approved', 'declined'] as const;

const note = limitedText(SCHEDULE_PROPOSAL_TEXT_MAX.note, 'Note');
const id = z.string().max(64);

export const scheduleProposalBodySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('add'), storeId: id, slot: pickupSlotBodySchema, note }),
  z.strictObject({ kind: z.literal('change'), slotId: id, slot: pickupSlotBodySchema, note }),
  z.strictObject({ kind: z.literal('end'), slotId: id, endsOn: isoDate, note }),
]);
export type ScheduleProposalBody = z.infer<typeof scheduleProposalBodySchema>;

export const scheduleDecisionBodySchema = z.strictObject({
  approve: z.boolean(),
  /** Required to decline: the lead reads it with the outcome. */
  reason: limitedText(SCHEDULE_PROPOSAL_TEXT_MAX.reason, 'Reason').default(''),
});

/** A slot as proposed, with its branches' names. */
const proposedSlotSchema = pickupSlotSchema.omit({ id: true, storeId: true });

export const scheduleProposalSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  branchId: z.string(),
  branchName: z.string(),
  kind: z.enum(PROPOSAL_KINDS),
  slotId: z.string().nullable(),
  /** The slot as it is on file now (change, end); null for an added slot or one deleted since. */
  current: proposedSlotSchema.nullable(),
  /** The slot as proposed (add, change). */
  proposed: proposedSlotSchema.nullable(),
  /** The last day of an ended slot. */
  endsOn: z.string().nullable(),
  note: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type ScheduleProposal = z.infer<typeof scheduleProposalSchema>;

/** The lead's screen: the stores the branch collects from, their slots naming the branch, and its proposals. */
export const branchScheduleProposalsSchema = z.object({
  stores: z.array(
    z.object({
      storeId: z.string(),
      storeName: z.string(),
      /** The branches serving the store: the ones a proposed slot may name. */
      branches: z.array(z.object({ id: z.string(), name: z.string() })),
      slots: z.array(pickupSlotSchema),
    }),
  ),
  proposals: z.array(scheduleProposalSchema),
});
export type BranchScheduleProposals = z.infer<typeof branchScheduleProposalsSchema>;
