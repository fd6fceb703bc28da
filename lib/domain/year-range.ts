/**
 * The years of the Monthly Reports picker (from the first donation year to the year after the last),
 * newest first. The current year is always offered, so a branch with no recent donation can still add one.
 */
export function reportYears(donationYears: readonly number[], currentYear: number): number[] {
  const first = Math.min(currentYear, ...donationYears);
  const last = Math.max(currentYear, ...donationYears.map((y) => y + 1));
  return Array.from({ length: last - first + 1 }, (_, i) => last - i);
}
