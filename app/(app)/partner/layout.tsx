import { guardScreen } from '@/web/server/screen-guard';

/**
 * The retail partner's screens: partner users only (web/screen-access.ts, 'partner'). Each of its pages sends its own
 * client texts (withPageMessages).
 */
export default async function PartnerLayout({ children }: { children: React.ReactNode }) {
  await guardScreen('partner');
  return children;
}
