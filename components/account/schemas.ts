// Form schemas of the account screens: the section 5 rules of lib/domain, with the error code as message
// (the form shows the translation of the code).
import { z } from 'zod';
import { checkBranchRules } from '@/lib/domain/branch';
import { checkChangePasswordRules } from '@/lib/domain/password';

export const changePasswordFormSchema = z
  .object({ oldPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((v, ctx) => {
    for (const e of checkChangePasswordRules(v)) ctx.addIssue({ code: 'custom', path: [e.field], message: e.code });
  });

const text = z.string();
export const updateBranchFormSchema = z
  .object({
    name: text,
    phoneNumber: text,
    email: text,
    address1: text,
    address2: text,
    city: text,
    province: text,
    postalCode: text,
    website: text,
    operatingHours: text,
    contactName: text,
    contactTitle: text,
    contactEmail: text,
    contactPhoneNumber: text,
    numStaff: text,
    numVolunteers: text,
    numServedInPreviousYear: text,
    totalPoundsDistributedAnnually: text,
  })
  .superRefine((v, ctx) => {
    for (const e of checkBranchRules(v)) ctx.addIssue({ code: 'custom', path: [e.field], message: e.code });
  });
export type UpdateBranchFormValues = z.infer<typeof updateBranchFormSchema>;

export const sendFeedbackFormSchema = z.object({
  contactId: z.string().min(1, 'FEEDBACK_CONTACT_VALIDATE'),
  message: z.string().trim().min(1, 'FEEDBACK_MESSAGE_VALIDATE').max(5000),
});
