import { useLocale, useTimeZone, useTranslations } from 'next-intl';
import { LoginType, Source, WeightUnit } from '@/lib/domain/enums';
import type { AuditEntry } from '@/lib/domain/program-workflow';
import { zonedMomentFormatter } from '@/lib/domain/zoned-time';

type Share = { name: string; nameFr: string; fraction: number };
const isShares = (v: unknown): v is Share[] =>
  Array.isArray(v) && v.every((x) => x && typeof x === 'object' && 'name' in x && 'fraction' in x);
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Audit entries, newest first: when, who (a name), what was done to what, and the fields that changed, with their
 * labels and values in the reader's language (the API has already put names in place of store, branch and category
 * ids). A list rather than a table, so it reads on a phone as well as on a desktop.
 */
export function AuditTable({ entries, showBranch = false }: { entries: AuditEntry[]; showBranch?: boolean }) {
  const t = useTranslations('ProgramAudit');
  const locale = useLocale();
  const tag = locale === 'fr' ? 'fr-CA' : 'en-CA';
  // Every moment in the program's time zone (next-intl's, APP_TIME_ZONE), named: the server and the browser then
  // write the same clock, whatever zone each runs in.
  const timeZone = useTimeZone() ?? 'America/Toronto';
  const when = zonedMomentFormatter(locale, timeZone);
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  const num = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const pct = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 0 });
  if (!entries.length) return <p className="rounded-md bg-white p-4 text-gray-800 shadow-sm">{t('empty')}</p>;
  // Actions, entities and fields the screens name; anything newer shows as recorded.
  const action = (a: string) => (t.has(`action_${a}` as 'action_create') ? t(`action_${a}` as 'action_create') : a);
  const entity = (e: string) => (t.has(`entity_${e}` as 'entity_donation') ? t(`entity_${e}` as 'entity_donation') : e);
  const label = (f: string) => (t.has(`field_${f}` as 'field_date') ? t(`field_${f}` as 'field_date') : f);
  const show = (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (typeof v === 'boolean') return t(v ? 'yes' : 'no');
    if (field === 'source' && (v === Source.FrontStore || v === Source.BackStore)) return t(`source_${v}`);
    if (field === 'weightUnit' && Object.values(WeightUnit).includes(v as WeightUnit)) return t(`unit_${v as WeightUnit}`);
    if (field === 'loginType' && Object.values(LoginType).includes(v as LoginType)) return t(`loginType_${v as LoginType}`);
    if (typeof v === 'number') return num.format(v);
    if (typeof v === 'string') return INSTANT.test(v) ? when(v) : DAY.test(v) ? day.format(new Date(`${v}T00:00:00Z`)) : v;
    if (isShares(v)) return v.map((c) => `${locale === 'fr' ? c.nameFr : c.name} ${pct.format(c.fraction)}`).join(', ') || '—';
    if (Array.isArray(v)) return v.map((x) => show(field, x)).join(', ') || '—';
    return JSON.stringify(v);
  };
  return (
    <ol className="flex flex-col gap-2" data-testid="audit-entries">
      {entries.map((e) => (
        <li key={e.id} className="rounded-md bg-white p-3 text-sm shadow-sm ring-1 ring-black/5">
          <p className="flex flex-wrap gap-x-2">
            <time dateTime={e.at} className="text-gray-700">
              {when(e.at)}
            </time>
            <span className="font-semibold text-gray-900">{e.actor || t('system')}</span>
            <span>
              {action(e.action)} · {entity(e.entity)}
            </span>
            {showBranch && e.branchName && <span className="text-gray-700">· {e.branchName}</span>}
          </p>
          {e.changes.length > 0 && (
            <ul className="mt-1 flex flex-col gap-0.5 text-gray-800">
              {e.changes.slice(0, 12).map(([field, before, after]) => (
                <li key={field} className="break-words" data-field={field}>
                  <span className="font-semibold">{label(field)}</span>: {show(field, before)} → {show(field, after)}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
