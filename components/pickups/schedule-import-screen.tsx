'use client';

import { useTranslations } from 'next-intl';
import { CsvImport } from '@/components/places/csv-import';

/**
 * The schedule CSV import (docs/product.md, Pickups): the store import's preview-then-apply (CsvImport), with the
 * columns it reads, the key that makes a second apply change nothing, and its own problems in the user's language.
 */
export function ScheduleImportScreen() {
  const t = useTranslations('ScheduleImport');
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3">
      <h1 className="text-xl font-bold text-gray-900">{t('title')}</h1>
      <p className="text-gray-800">{t('intro')}</p>
      <p className="text-gray-800">{t('key')}</p>
      <p className="text-sm text-gray-700">{t('scope')}</p>
      <CsvImport
        path="/program/schedules/import"
        onDone={() => {}}
        describe={(p) => {
          const key = `problem_${p.code}` as Parameters<typeof t>[0];
          return t.has(key) ? t(key, p.params) : null;
        }}
      />
    </div>
  );
}
