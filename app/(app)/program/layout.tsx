import { ProgramNav } from '@/components/program/program-nav';
import { guardScreen } from '@/web/server/screen-guard';

/** The program's screens: program staff only (web/screen-access.ts, 'program-staff'). */
export default async function ProgramLayout({ children }: { children: React.ReactNode }) {
  await guardScreen('program-staff');
  return (
    <>
      <ProgramNav />
      {children}
    </>
  );
}
