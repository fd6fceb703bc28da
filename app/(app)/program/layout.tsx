import { notFound } from 'next/navigation';
import { ProgramNav } from '@/components/program/program-nav';
import { screenSession } from '@/lib/server/screen-data';

/** The program's screens: program staff only (anyone else gets the same 404 as an unknown page). */
export default async function ProgramLayout({ children }: { children: React.ReactNode }) {
  const { user } = await screenSession();
  if (!user?.program) notFound();
  return (
    <>
      <ProgramNav />
      {children}
    </>
  );
}
