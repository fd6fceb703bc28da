import type { Metadata } from 'next';
import { withPageMessages } from '@/components/i18n/client-messages';
import { IntentLink } from '@/components/layout/intent-link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { BranchEditor, type BranchValues } from '@/components/places/branch-editor';
import { FormMessage } from '@/components/ui/form-message';
import type { StoreAnswer } from '@/lib/domain/answers';
import { ApiCallError } from '@/web/server/donation-api-client';
import { screenApi } from '@/web/server/screen-data';
import { guardScreen } from '@/web/server/screen-guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProgramBranches');
  return { title: t('edit') };
}

// The API documents this answer as a plain object (BranchAnswer), so the screen still says what it reads.
type Profile = {
  branch: BranchValues & { id: string; name: string };
  users: { id: string; username: string; email: string; lead: boolean; disabled: boolean }[];
  stores: StoreAnswer[];
};

/** /program/branches/[id]/edit: every field of the branch, its users and the stores it serves, by name. */
async function EditBranchPage({ params, searchParams }: PageProps<'/program/branches/[branchId]/edit'>) {
  const [{ branchId }, sp] = await Promise.all([params, searchParams, guardScreen('program-admin')]);
  const back = `/program/branches/${branchId}/edit`;
  const profile = (await screenApi('/program/branches/{branchId}/profile', { params: { path: { branchId } }, returnTo: back }).catch(
    (err: unknown) => {
      if (err instanceof ApiCallError && err.status === 404) notFound();
      throw err;
    },
  )) as Profile;
  const t = await getTranslations('ProgramBranches');
  const { branch, users, stores } = profile;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('editTitle', { name: branch.name })}</h1>
      {sp.created && <FormMessage severity="success">{t('created', { name: branch.name })}</FormMessage>}
      <BranchEditor branchId={branch.id} initial={branch} />
      <section aria-labelledby="branch-users" className="flex flex-col gap-2">
        <h2 id="branch-users" className="text-lg font-semibold">
          {t('users')}
        </h2>
        {users.length === 0 ? (
          <p>{t('noUsers')}</p>
        ) : (
          <ul className="list-disc pl-6">
            {users.map((u) => (
              <li key={u.id}>
                {u.username} ({u.email}){u.lead ? ` · ${t('lead')}` : ''}
                {u.disabled ? ` · ${t('inactive')}` : ''}
              </li>
            ))}
          </ul>
        )}
        <IntentLink href="/program/users" className="self-start underline underline-offset-2">
          {t('manageUsers')}
        </IntentLink>
      </section>
      <section aria-labelledby="branch-stores" className="flex flex-col gap-2">
        <h2 id="branch-stores" className="text-lg font-semibold">
          {t('stores')}
        </h2>
        {stores.length === 0 ? (
          <p>{t('noStores')}</p>
        ) : (
          <ul className="list-disc pl-6">
            {stores.map((s) => (
              <li key={s.id}>{s.displayName}</li>
            ))}
          </ul>
        )}
        <IntentLink href="/program/stores" className="self-start underline underline-offset-2">
          {t('manageStores')}
        </IntentLink>
      </section>
    </div>
  );
}

export default withPageMessages('programBranchForm', EditBranchPage);
