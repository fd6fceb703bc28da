import { redirect } from 'next/navigation';
import { screenSession } from '@/lib/server/screen-data';

/**
 * The retail partner's screens: partner users only. The proxy already sends anyone else to '/' (the API would refuse
 * them every call); this check stands on its own. Each of its pages sends its own client texts (withPageMessages).
 */
export default async function PartnerLayout({ children }: { children: React.ReactNode }) {
  const { user } = await screenSession();
  if (!user?.partner) redirect('/');
  return children;
}
