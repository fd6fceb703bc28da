'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useBanner } from '@/components/ui/banner';
import type { ApiData } from '@/web/api/calls';
import { api } from '@/web/query/api-client';

type ReminderPreference = ApiData<'get', '/user/current-user/reminders'>;

/**
 * The user's choice to receive the monthly reminder e-mails; saved as soon as it changes. The choice comes
 * with the page (read on the server; null when that read failed, and the box stays disabled).
 */
export function ReminderSetting({ preference }: { preference: ReminderPreference | null }) {
  const t = useTranslations('ReminderSetting');
  const id = useId();
  const { show } = useBanner();
  const [pref, setPref] = useState(preference);
  const [saving, setSaving] = useState(false);

  // The box shows the new choice at once; a failed save puts the old one back and says so.
  async function save(optOut: boolean) {
    const before = pref;
    setPref({ optOut });
    setSaving(true);
    try {
      const saved = await api.PUT('/user/current-user/reminders', { body: { optOut } });
      setPref(saved);
      show('success', saved.optOut ? t('off') : t('on'));
    } catch {
      setPref(before);
      show('error', t('error'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-base font-bold text-gray-900">
        {t('title')}
      </h2>
      <div className="mt-2 flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-1 h-5 w-5 accent-gray-900"
          checked={pref ? !pref.optOut : true}
          disabled={!pref || saving}
          aria-busy={saving || undefined}
          onChange={(e) => void save(!e.target.checked)}
        />
        <label htmlFor={id} className="text-sm text-gray-900">
          {t('label')}
        </label>
      </div>
    </section>
  );
}
