import { PROVINCE_CODES, PROVINCE_NAMES } from '@/lib/domain/enums';

// Plain fields of the program screens' filter forms (server-rendered; the form submits them as the address).
export const FIELD_CLASS =
  'min-h-11 rounded-md border border-secondary/60 bg-white px-3 py-2 text-base text-gray-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-gray-900';

export function Labelled({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-gray-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The year of a filter form (the address's `year`). */
export function YearInput({ id, value }: { id: string; value: number }) {
  return <input id={id} type="number" name="year" min={2000} max={2100} defaultValue={value} required className={`${FIELD_CLASS} w-28`} />;
}

export function ProvinceSelect({ id, value, allLabel, locale }: { id: string; value?: string; allLabel: string; locale: string }) {
  const lang = locale === 'fr' ? 'fr' : 'en';
  const codes = [...PROVINCE_CODES].sort((a, b) => PROVINCE_NAMES[a][lang].localeCompare(PROVINCE_NAMES[b][lang], lang));
  return (
    <select id={id} name="province" defaultValue={value ?? ''} className={FIELD_CLASS}>
      <option value="">{allLabel}</option>
      {codes.map((c) => (
        <option key={c} value={c}>
          {PROVINCE_NAMES[c][lang]}
        </option>
      ))}
    </select>
  );
}
