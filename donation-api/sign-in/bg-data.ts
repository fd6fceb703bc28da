// Login-page background data (docs/product.md, Records and their fields), in app_settings 'bg-data', with defaults.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { appSettings } from '../db/schema';

export const BG_DATA_KEY = 'bg-data';

type Field = 'logo' | 'black_letter_logo' | 'title' | 'content' | 'bg_image' | 'content_width';
export type BgData = Record<Field | `fr_${Field}`, string>;

export const DEFAULT_BG_DATA: BgData = {
  logo: '/images/logo.svg',
  black_letter_logo: '/images/logo-black.svg',
  title: 'Retail Food Program',
  content:
    'Grocery stores across the country give food banks the food they can no longer sell. Log each donation, see your monthly totals and submit your report, so that every pound rescued is counted.',
  bg_image: '/images/login-bg.webp',
  content_width: '480px',
  fr_logo: '/images/logo-fr.svg',
  fr_black_letter_logo: '/images/logo-black-fr.svg',
  fr_title: 'Programme de récupération en épicerie',
  fr_content:
    'Les épiceries du pays remettent aux banques alimentaires les aliments qu’elles ne peuvent plus vendre. Enregistrez chaque don, consultez vos totaux mensuels et soumettez votre rapport, pour que chaque livre récupérée soit comptée.',
  fr_bg_image: '/images/login-bg.webp',
  fr_content_width: '480px',
};

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Stored values win field by field; either spelling (black_letter_logo or blackLetterLogo, fr_title or frTitle) is read. */
export async function getBgData(db: DbOrTx): Promise<BgData> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, BG_DATA_KEY)).limit(1);
  const stored = row?.value && typeof row.value === 'object' && !Array.isArray(row.value) ? (row.value as Record<string, unknown>) : {};
  const out = { ...DEFAULT_BG_DATA };
  for (const key of Object.keys(out) as (keyof BgData)[]) {
    const v = stored[key] ?? stored[camel(key)];
    if (typeof v === 'string' && v.trim()) out[key] = v;
    else if (typeof v === 'number' && key.endsWith('content_width')) out[key] = `${v}px`;
  }
  return out;
}
