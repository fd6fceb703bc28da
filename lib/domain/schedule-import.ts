// The schedule CSV's cells turned into a slot's values (docs/product.md, Pickups: the schedule import). What a valid
// slot is stays the one rule of pickupSlotBodySchema (pickups.ts), which the import runs on every line; this file
// only reads what people type: "Mon Wed", "lun;mer", "1,3", "9:00", "9h00", "every other week".

// prettier-ignore
const DAY_NAMES: Record<string, number> = {
  mon: 1, monday: 1, lun: 1, lundi: 1,
  tue: 2, tues: 2, tuesday: 2, mar: 2, mardi: 2,
  wed: 3, wednesday: 3, mer: 3, mercredi: 3,
  thu: 4, thur: 4, thurs: 4, thursday: 4, jeu: 4, jeudi: 4,
  fri: 5, friday: 5, ven: 5, vendredi: 5,
  sat: 6, saturday: 6, sam: 6, samedi: 6,
  sun: 7, sunday: 7, dim: 7, dimanche: 7,
};

const plain = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/** ISO weekdays (1 Monday … 7 Sunday), sorted and once each, or null when a word is no weekday in either language. */
export function parseWeekdays(cell: string): number[] | null {
  const words = plain(cell)
    .split(/[\s,;/|+&]+/)
    .map((w) => w.replace(/\.$/, ''))
    .filter((w) => w && w !== 'and' && w !== 'et');
  if (!words.length) return null;
  const days: number[] = [];
  for (const w of words) {
    const day = /^[1-7]$/.test(w) ? Number(w) : DAY_NAMES[w];
    if (!day) return null;
    days.push(day);
  }
  return [...new Set(days)].sort((a, b) => a - b);
}

/** "9:00", "09:00" and "9h00" as "09:00"; anything else as typed, for the slot rule to refuse. */
export function normalizeTime(cell: string): string {
  const m = /^(\d{1,2})\s*[:h]\s*(\d{2})$/i.exec(cell.trim());
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}` : cell.trim();
}

const RHYTHMS: Record<string, number> = {
  '1': 1,
  weekly: 1,
  'every week': 1,
  'chaque semaine': 1,
  hebdomadaire: 1,
  '2': 2,
  biweekly: 2,
  'every other week': 2,
  'every 2 weeks': 2,
  'aux deux semaines': 2,
  'toutes les deux semaines': 2,
};

/** 1 (every week, the default when the cell is empty) or 2 (every other week); NaN for anything else. */
export function parseEveryWeeks(cell: string | undefined): number {
  if (cell === undefined || !cell.trim()) return 1;
  return RHYTHMS[plain(cell).replace(/\s+/g, ' ')] ?? Number.NaN;
}

/**
 * What makes two lines, or a line and a slot on file, the same slot: the store, the collecting branch, the weekdays and
 * the window. A line with the key of a slot on file changes that slot's backup branch, rhythm and dates; so applying
 * one file twice changes nothing the second time.
 */
export const slotKey = (s: { storeId: string; branchId: string; weekdays: number[]; windowStart: string; windowEnd: string }) =>
  `${s.storeId}|${s.branchId}|${[...new Set(s.weekdays)].sort((a, b) => a - b).join(',')}|${s.windowStart}-${s.windowEnd}`;
