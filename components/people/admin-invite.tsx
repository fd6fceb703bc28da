'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { InviteForm } from './invite-form';
import { PartnerInviteForm, type PartnerRetailer } from './partner-invite-form';

type Props = { branches: { id: string; name: string }[]; retailers: PartnerRetailer[]; onInvited: () => void };

/**
 * The administrator's invitation: branch staff (a branch, lead or not) or a retail partner (a retailer, one of its
 * banners or some of its stores). The choice sits outside both forms, so switching keeps the focus on the radio the
 * keyboard is on, and both forms stay mounted (one hidden), so each keeps what was typed in it.
 */
export function AdminInvite({ branches, retailers, onInvited }: Props) {
  const t = useTranslations('PeopleInvite');
  const tu = useTranslations('ProgramUsers');
  const headingId = useId();
  const [kind, setKind] = useState<'staff' | 'partner'>('staff');
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-md border border-gray-300 p-4">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('title')}
      </h2>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-semibold text-gray-800">{tu('inviteKind')}</legend>
        <div className="flex flex-wrap gap-x-6">
          {(['staff', 'partner'] as const).map((k) => (
            <label key={k} className="flex min-h-11 items-center gap-2 text-base">
              <input type="radio" name={`${headingId}-kind`} className="h-5 w-5" checked={kind === k} onChange={() => setKind(k)} />
              {k === 'staff' ? tu('branchStaff') : tu('retailPartner')}
            </label>
          ))}
        </div>
      </fieldset>
      <div hidden={kind !== 'staff'}>
        <InviteForm mode="admin" heading={false} branches={branches} onInvited={onInvited} />
      </div>
      <div hidden={kind !== 'partner'}>
        <PartnerInviteForm retailers={retailers} onInvited={onInvited} />
      </div>
    </section>
  );
}
