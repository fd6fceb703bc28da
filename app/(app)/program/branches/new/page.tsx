import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { withPageMessages } from '@/components/i18n/client-messages';
import { BranchEditor } from '@/components/places/branch-editor';
import { guardScreen } from '@/web/server/screen-guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProgramBranches');
  return { title: t('new') };
}

/** /program/branches/new: a new branch (docs/product.md, Food banks); administrators only, else the same 404. */
async function NewBranchPage() {
  await guardScreen('program-admin');
  const t = await getTranslations('ProgramBranches');
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('new')}</h1>
      <BranchEditor />
    </div>
  );
}

export default withPageMessages('programBranchForm', NewBranchPage);
