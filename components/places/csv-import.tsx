'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LineProblemsTable } from '@/components/ui/line-problems-table';
import { FormMessage } from '@/components/ui/form-message';
import { useErrorText } from '@/components/ui/use-error-text';
import type { CsvResultAnswer } from '@/lib/domain/program-places';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';

/**
 * Upload, preview (every row as it will be created or changed, every problem on its row and column), then confirm.
 * Nothing is written while any row is refused; the file stays chosen so it can be fixed and previewed again.
 */
/** The CSV imports of the program screens. */
type ImportPath = '/program/branches/import' | '/program/stores/import' | '/program/schedules/import';
type Problem = CsvResultAnswer['problems'][number];

/** `describe`: an import's own problem texts (its namespace), before the ones every import shares. */
export function CsvImport({ path, onDone, describe }: { path: ImportPath; onDone: () => void; describe?: (p: Problem) => string | null }) {
  const t = useTranslations('ProgramImport');
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState('');
  const [result, setResult] = useState<CsvResultAnswer | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const errorText = useErrorText();
  // Each file read and each call takes a number; an answer for an older one (a file changed while it was read or
  // previewed) is dropped, so the preview shown and the file confirmed are always the file chosen last.
  const latest = useRef(0);
  // Every problem in the user's language from its stable code; an organisation-details rule (ORG_*) is an Errors text.
  const problemText = (p: Problem) => {
    const own = describe?.(p);
    if (own) return own;
    const key = `problem_${p.code}` as Parameters<typeof t>[0];
    return t.has(key) ? t(key, p.params) : errorText(p.code, 'CSV_REFUSED');
  };

  async function run(confirm: boolean) {
    const call = ++latest.current;
    setPending(true);
    setError('');
    try {
      const r = await api.POST(path, { body: { csv, confirm } });
      if (call !== latest.current) return;
      setResult(r);
      if (r.written) onDone();
    } catch (err) {
      if (call === latest.current) setError(errorText(err instanceof BffError ? err.code : undefined, 'INTERNAL'));
    } finally {
      if (call === latest.current) setPending(false);
    }
  }

  return (
    <section className="flex flex-col gap-3 rounded-md border border-gray-300 p-4" aria-label={t('title')}>
      <h2 className="text-lg font-semibold">{t('title')}</h2>
      <label className="flex flex-col gap-1 text-base font-medium">
        {t('file')}
        <input
          type="file"
          accept=".csv,text/csv"
          className="min-h-11"
          // A file cannot change under a preview or an import in flight.
          disabled={pending}
          onChange={async (e) => {
            const f = e.target.files?.[0];
            const read = ++latest.current;
            // Until the new file is read there is nothing to preview: the previous file's text must not be sent.
            setCsv('');
            setResult(null);
            setError('');
            setFileName(f?.name ?? '');
            const text = f ? await f.text() : '';
            if (read === latest.current) setCsv(text);
          }}
        />
      </label>
      {error && <FormMessage>{error}</FormMessage>}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={!csv} loading={pending} onClick={() => run(false)}>
          {t('preview')}
        </Button>
        <Button disabled={!csv || !result || result.written || result.problems.length > 0} loading={pending} onClick={() => run(true)}>
          {t('confirm')}
        </Button>
      </div>
      {result && (
        <div className="flex flex-col gap-2" aria-live="polite">
          {result.written ? (
            <FormMessage severity="success">{t('written', { created: result.created, updated: result.updated })}</FormMessage>
          ) : result.problems.length ? (
            <FormMessage>{t('refused', { count: result.problems.length, file: fileName })}</FormMessage>
          ) : (
            <p>{t('ready', { created: result.created, updated: result.updated })}</p>
          )}
          {result.problems.length > 0 && (
            <LineProblemsTable
              problems={result.problems}
              describe={problemText}
              labels={{ caption: t('problems'), line: t('line'), column: t('column'), problem: t('problem') }}
            />
          )}
          {result.rows.length > 0 && (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('rows')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('line')}</th>
                  <th scope="col">{t('action')}</th>
                  <th scope="col">{t('row')}</th>
                </tr>
              </thead>
              <tbody>
                {result.rows.map((r) => (
                  <tr key={r.line} className="border-t border-gray-200">
                    <td>{r.line}</td>
                    <td>{t(r.action)}</td>
                    <td>
                      {r.label}
                      {Object.keys(r.fields).length > 0 && (
                        <span className="block text-xs text-gray-700">
                          {Object.entries(r.fields)
                            .map(([k, v]) => `${k}: ${String(v ?? '—')}`)
                            .join(' · ')}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}
