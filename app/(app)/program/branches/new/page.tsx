import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { BranchEditor } from '@/components/places/branch-editor';
import { screenSession } from '@/lib/server/screen-data';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProgramBranches');
  return { title: t('new') };
}

/** /program/branches/new: every section 3 field of a new branch (program administrators only; else the same 404). */
async function NewBranchPage() {
  const { user } = await screenSession();
  if (user?.program?.role !== 'admin') notFound();
  const t = await getTranslations('ProgramBranches');
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('new')}</h1>
      <BranchEditor />
    </div>
  );
}

export default withPageMessages('programBranchForm', NewBranchPage);
