import type { Metadata } from 'next';
import { unstable_rethrow } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuditTable } from '@/components/program/audit-table';
import { Button, ButtonLink } from '@/components/ui/button';
import { CONTROL_CLASS } from '@/components/ui/field';
import type { AuditPage } from '@/lib/domain/program-workflow';
import { screenApi } from '@/web/server/screen-data';
import { logLoadFailure } from '@/web/server/log-load-failure';
import { guardScreen } from '@/web/server/screen-guard';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ProgramAudit');
  return { title: t('title') };
}

const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : '');
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The program-wide audit log (administrators): a plain GET form, so it works without JavaScript. */
export default async function ProgramAuditPage({ searchParams }: PageProps<'/program/audit'>) {
  await guardScreen('program-admin');
  const t = await getTranslations('ProgramAudit');
  const sp = await searchParams;
  const q = one(sp.q).slice(0, 200);
  const from = isDay(one(sp.from)) ? one(sp.from) : '';
  const to = isDay(one(sp.to)) ? one(sp.to) : '';
  const before = /^\d+$/.test(one(sp.before)) ? one(sp.before) : '';
  // People's changes by default; include=all (in the address, so the view can be shared) adds sign-ins and system entries.
  const include = one(sp.include) === 'all' ? 'all' : '';
  const params = new URLSearchParams(Object.entries({ q, from, to, include, before }).filter(([, v]) => v));
  let page: AuditPage | null = null;
  try {
    page = await screenApi('/program/audit', {
      params: {
        query: {
          q: q || undefined,
          from: from || undefined,
          to: to || undefined,
          include: include || undefined,
          before: before ? Number(before) : undefined,
        },
      },
      returnTo: `/program/audit?${params}`,
    });
  } catch (err) {
    // Next's redirect (expired session) and notFound are thrown: let them through; anything else is a load error.
    unstable_rethrow(err);
    await logLoadFailure(err, 'program audit failed');
    page = null;
  }
  const older = page?.nextBefore
    ? new URLSearchParams(Object.entries({ q, from, to, include, before: String(page.nextBefore) }).filter(([, v]) => v))
    : null;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-gray-900">{t('title')}</h1>
      <form
        method="get"
        role="search"
        className="grid gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-black/5 sm:grid-cols-[1fr_auto_auto_auto_auto] sm:items-end"
      >
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('search')}
          <input name="q" type="search" defaultValue={q} placeholder={t('searchHint')} className={CONTROL_CLASS} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('from')}
          <input name="from" type="date" defaultValue={from} className={CONTROL_CLASS} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t('to')}
          <input name="to" type="date" defaultValue={to} className={CONTROL_CLASS} />
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
          <input name="include" type="checkbox" value="all" defaultChecked={include === 'all'} className="h-5 w-5" />
          {t('includeAll')}
        </label>
        <Button type="submit">{t('submit')}</Button>
      </form>
      {page === null ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-900">
          {t('loadError')}
        </p>
      ) : (
        <AuditTable entries={page.entries} showBranch />
      )}
      {older && (
        <ButtonLink href={`/program/audit?${older}`} className="self-start">
          {t('older')}
        </ButtonLink>
      )}
    </div>
  );
}
