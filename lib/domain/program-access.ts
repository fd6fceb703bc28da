import { z } from 'zod';
import { PROVINCE_CODES } from './enums';

// Program staff: administrators act on every branch; coordinators (a provincial association) see the
// branches of their provinces only. A user holds at most one program role and may also be staff of branches.
export const PROGRAM_ROLES = ['admin', 'coordinator'] as const;
export const programRoleSchema = z.enum(PROGRAM_ROLES);
export type ProgramRole = z.infer<typeof programRoleSchema>;

export const programAccessSchema = z.object({
  role: programRoleSchema,
  /** The coordinator's provinces (two-letter codes); empty for an administrator, who sees every province. */
  provinces: z.array(z.enum(PROVINCE_CODES)),
});
export type ProgramAccess = z.infer<typeof programAccessSchema>;

/** Whether a branch of this province is in the program staff member's scope (a branch without a province: admins only). */
export function inProgramScope(access: ProgramAccess, province: string | null | undefined): boolean {
  if (access.role === 'admin') return true;
  return !!province && (access.provinces as readonly string[]).includes(province);
}
