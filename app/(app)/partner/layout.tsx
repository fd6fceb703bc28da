import { redirect } from 'next/navigation';
import { ClientMessages } from '@/components/i18n/client-messages';
import { screenSession } from '@/lib/server/screen-data';

/**
 * The retail partner's screens: partner users only. The proxy already sends anyone else to '/' (the API would refuse
 * them every call); this check stands on its own. Its client texts replace the shell's for these pages, so the
 * partner's forms do not weigh on the branch screens (the header above keeps its own).
 */
export default async function PartnerLayout({ children }: { children: React.ReactNode }) {
  const { user } = await screenSession();
  if (!user?.partner) redirect('/');
  return <ClientMessages area="partner">{children}</ClientMessages>;
}
