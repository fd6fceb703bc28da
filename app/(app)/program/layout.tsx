import { notFound } from 'next/navigation';
import { ClientMessages } from '@/components/i18n/client-messages';
import { ProgramNav } from '@/components/program/program-nav';
import { screenSession } from '@/lib/server/screen-data';

/** The program's screens: program staff only (anyone else gets the same 404 as an unknown page). */
export default async function ProgramLayout({ children }: { children: React.ReactNode }) {
  const { user } = await screenSession();
  if (!user?.program) notFound();
  return (
    // The program's client texts replace the branch side's for these pages (the header above keeps its own).
    <ClientMessages area="program">
      <ProgramNav />
      {children}
    </ClientMessages>
  );
}
