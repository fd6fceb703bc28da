'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { api } from '@/web/query/api-client';
import { InviteForm } from './invite-form';

type Person = { id: string; username: string; email: string; lead: boolean; disabled: boolean; pending: boolean };

/** /branch/people: a branch lead invites colleagues to their own branch and sees who has accepted. */
export function BranchPeopleScreen({ branchId, branchName, initial }: { branchId: string; branchName: string; initial: Person[] }) {
  const t = useTranslations('BranchPeople');
  const [people, setPeople] = useState(initial);
  const reload = async () => setPeople(await api.GET('/branch/{branchId}/people', { params: { path: { branchId } } }));
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('title', { branch: branchName })}</h1>
      <section className="rounded-md border border-gray-300 p-4">
        <InviteForm mode="lead" branchId={branchId} onInvited={() => void reload()} />
      </section>
      <ul className="flex flex-col gap-2">
        {people.map((p) => (
          <li key={p.id} className="flex flex-wrap justify-between gap-2 rounded-md border border-gray-300 p-3">
            <span className="font-semibold">{p.username}</span>
            <span className="text-sm text-gray-700">{p.email}</span>
            <span className="text-sm">{p.disabled ? t('deactivated') : p.pending ? t('invited') : p.lead ? t('lead') : t('active')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
