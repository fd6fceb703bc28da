'use client';

import { useTranslations } from 'next-intl';
import { Source } from '@/lib/domain/enums';

/** "RFP - Back of Store" / "Front of Store" in the user's language. */
export function useSourceLabel() {
  const t = useTranslations('DonationForm');
  return (source: number) => (source === Source.FrontStore ? t('sourceFront') : t('sourceBack'));
}
