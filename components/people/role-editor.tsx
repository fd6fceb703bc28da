'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { PROVINCE_CODES, PROVINCE_NAMES } from '@/lib/domain/enums';
import type { ProgramUser, RoleBody } from '@/lib/domain/program-people';

type Props = {
  user: ProgramUser;
  busy: boolean;
  /** Sends the change (PUT …/role) with the screen's reason; the API checks the rules and audits it. */
  onSave: (body: Omit<RoleBody, 'reason'>) => void;
};

/**
 * Grant, change or withdraw a program role: an administrator sees every province; a coordinator the branches of the
 * provinces ticked here (at least one; the API refuses none with ADMIN_COORDINATOR_PROVINCES).
 */
export function RoleEditor({ user, busy, onSave }: Props) {
  const t = useTranslations('ProgramUsers');
  const lang = useLocale() === 'fr' ? 'fr' : 'en';
  const [role, setRole] = useState<RoleBody['role']>(user.program?.role ?? 'none');
  const [provinces, setProvinces] = useState<string[]>(user.program?.provinces ?? []);
  const toggle = (code: string) => setProvinces((p) => (p.includes(code) ? p.filter((c) => c !== code) : [...p, code]));

  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold">{t('programRole')}</legend>
      <SelectField
        label={t('role')}
        value={role}
        onChange={(e) => setRole(e.target.value as RoleBody['role'])}
        options={[
          { value: 'none', label: t('branchStaff') },
          { value: 'admin', label: t('admin') },
          { value: 'coordinator', label: t('coordinator') },
        ]}
      />
      {role === 'coordinator' && (
        <fieldset>
          <legend className="text-sm font-medium">{t('provinces')}</legend>
          <div className="grid grid-cols-2 gap-1 sm:grid-cols-3">
            {PROVINCE_CODES.map((code) => (
              <label key={code} className="flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" className="h-5 w-5" checked={provinces.includes(code)} onChange={() => toggle(code)} />
                {PROVINCE_NAMES[code][lang]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <Button
        variant="secondary"
        className="self-start"
        loading={busy}
        onClick={() => onSave({ role, provinces: role === 'coordinator' ? provinces : [] })}
      >
        {role === 'none' && user.program ? t('withdrawRole') : t('saveRole')}
      </Button>
    </fieldset>
  );
}
