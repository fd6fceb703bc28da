'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LineProblemsTable } from '@/components/ui/line-problems-table';
import { FormMessage } from '@/components/ui/form-message';
import { useErrorText } from '@/components/ui/use-error-text';
import { api } from '@/web/query/api-client';
import { BffError } from '@/web/query/bff';

type Mapping = { storeNumber: string; date: string; weight: string; unit?: string; defaultUnit: 'lb' | 'kg'; categories: string[] };
type Problem = { line: number; column: string | null; code: string; params: Record<string, string | number> };
type Answer = {
  header: string[];
  sample: Record<string, string>[];
  mapping: Mapping | null;
  problems: Problem[];
  unmatched: { line: number; storeNumber: string }[];
  lines: number;
  newLines: number;
  written: boolean;
  sameFile: boolean;
};

const selectClass = 'min-h-11 rounded border border-gray-400 bg-white px-2 text-base';

async function base64Of(file: File) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/**
 * Send a manifest file in the retailer's own columns: the first answer shows the header and first rows, the columns
 * are chosen once (saved for the retailer when the file is kept), then a preview with every problem by line, then
 * confirm. Nothing is kept while any line is refused; the same file or lines again add nothing.
 */
export function ManifestUpload() {
  const t = useTranslations('ManifestUpload');
  const errorText = useErrorText();
  const [file, setFile] = useState<{ name: string; csv?: string; xlsx?: string } | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const ids = useId();
  const latest = useRef(0);

  async function send(body: { csv?: string; xlsx?: string; fileName?: string; mapping?: Mapping; confirm?: boolean }) {
    const call = ++latest.current;
    setPending(true);
    setError('');
    try {
      const r: Answer = await api.POST('/partner/manifests', { body: { ...body, confirm: body.confirm ?? false } });
      if (call !== latest.current) return;
      setAnswer(r);
      if (r.mapping) setMapping(r.mapping);
      else if (r.header[0] !== undefined) {
        const [first, second, third] = r.header;
        setChoosing(true);
        setMapping({
          storeNumber: first,
          date: second ?? first,
          weight: third ?? first,
          defaultUnit: 'lb',
          categories: [],
        });
      }
    } catch (err) {
      if (call === latest.current) setError(errorText(err instanceof BffError ? err.code : undefined, 'INTERNAL'));
    } finally {
      if (call === latest.current) setPending(false);
    }
  }

  const fileBody = () =>
    file ? { fileName: file.name, ...(file.xlsx !== undefined ? { xlsx: file.xlsx } : { csv: file.csv ?? '' }) } : null;
  const preview = () => {
    const b = fileBody();
    if (b && mapping) void send({ ...b, mapping });
  };
  const confirm = () => {
    const b = fileBody();
    if (b && mapping) void send({ ...b, mapping, confirm: true });
  };
  const problemText = (p: Problem) => {
    const key = `problem_${p.code}` as Parameters<typeof t>[0];
    return t.has(key) ? t(key, p.params) : p.code;
  };
  const header = answer?.header ?? [];
  // Each select is named by its label alone (a label wrapping a select would add the select's options to its name).
  const pick = (field: 'storeNumber' | 'date' | 'weight') => (
    <div className="flex flex-col gap-1 text-base font-medium">
      <label htmlFor={`${ids}-${field}`}>{t(`field_${field}`)}</label>
      <select
        id={`${ids}-${field}`}
        className={selectClass}
        value={mapping?.[field] ?? ''}
        onChange={(e) => setMapping({ ...mapping!, [field]: e.target.value })}
      >
        {header.map((h) => (
          <option key={h} value={h}>
            {h}
          </option>
        ))}
      </select>
    </div>
  );
  const ready = answer && answer.mapping && !answer.problems.length && !answer.written && !answer.sameFile && answer.newLines > 0;

  return (
    <section className="flex flex-col gap-3 rounded-md border border-gray-300 bg-white p-4" aria-labelledby="manifest-upload-title">
      <h2 id="manifest-upload-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <label className="flex flex-col gap-1 text-base font-medium">
        {t('file')}
        <input
          type="file"
          accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="min-h-11"
          disabled={pending}
          onChange={async (e) => {
            const f = e.target.files?.[0];
            const read = ++latest.current;
            setAnswer(null);
            setChoosing(false);
            setFile(null);
            if (!f) return;
            const chosen = /\.xlsx$/i.test(f.name) ? { name: f.name, xlsx: await base64Of(f) } : { name: f.name, csv: await f.text() };
            if (read !== latest.current) return;
            setFile(chosen);
            void send({ fileName: chosen.name, ...(chosen.xlsx !== undefined ? { xlsx: chosen.xlsx } : { csv: chosen.csv }) });
          }}
        />
      </label>
      {error && <FormMessage>{error}</FormMessage>}
      {answer && header.length > 0 && (choosing || !answer.mapping) && mapping && (
        <fieldset className="flex flex-col gap-3 rounded border border-gray-200 p-3">
          <legend className="px-1 font-semibold">{t('columns')}</legend>
          <p className="text-sm text-gray-700">{t('columnsHelp')}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            {pick('storeNumber')}
            {pick('date')}
            {pick('weight')}
            <div className="flex flex-col gap-1 text-base font-medium">
              <label htmlFor={`${ids}-unit`}>{t('field_unit')}</label>
              <select
                id={`${ids}-unit`}
                className={selectClass}
                value={mapping.unit ?? `=${mapping.defaultUnit}`}
                onChange={(e) => {
                  const v = e.target.value;
                  setMapping(
                    v.startsWith('=') ? { ...mapping, unit: undefined, defaultUnit: v.slice(1) as 'lb' | 'kg' } : { ...mapping, unit: v },
                  );
                }}
              >
                <option value="=lb">{t('allLb')}</option>
                <option value="=kg">{t('allKg')}</option>
                {header.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <fieldset className="flex flex-wrap gap-3">
            <legend className="text-base font-medium">{t('categories')}</legend>
            {header.map((h) => (
              <label key={h} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  checked={mapping.categories.includes(h)}
                  onChange={(e) =>
                    setMapping({
                      ...mapping,
                      categories: e.target.checked ? [...mapping.categories, h] : mapping.categories.filter((c) => c !== h),
                    })
                  }
                />
                {h}
              </label>
            ))}
          </fieldset>
          {answer.sample.length > 0 && (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="text-left font-medium">{t('sample')}</caption>
                <thead>
                  <tr>
                    {header.map((h) => (
                      <th key={h} scope="col" className="pr-3">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {answer.sample.map((row, i) => (
                    <tr key={i} className="border-t border-gray-200">
                      {header.map((h) => (
                        <td key={h} className="pr-3">
                          {row[h]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </fieldset>
      )}
      <div className="flex flex-wrap gap-2">
        {answer?.mapping && !choosing && (
          <Button variant="ghost" onClick={() => setChoosing(true)}>
            {t('changeColumns')}
          </Button>
        )}
        <Button variant="secondary" disabled={!file || !mapping} loading={pending} onClick={preview}>
          {t('preview')}
        </Button>
        <Button disabled={!ready} loading={pending} onClick={confirm}>
          {t('confirm')}
        </Button>
      </div>
      {answer && answer.mapping && (
        <div className="flex flex-col gap-2" aria-live="polite" data-testid="manifest-answer">
          {answer.written ? (
            <FormMessage severity="success">{t('kept', { lines: answer.newLines })}</FormMessage>
          ) : answer.sameFile ? (
            <FormMessage severity="success">{t('sameFile')}</FormMessage>
          ) : answer.problems.length ? (
            <FormMessage>{t('refused', { count: answer.problems.length, file: file?.name ?? '' })}</FormMessage>
          ) : answer.newLines === 0 ? (
            <FormMessage severity="success">{t('nothingNew', { lines: answer.lines })}</FormMessage>
          ) : (
            <p>{t('ready', { lines: answer.lines, new: answer.newLines })}</p>
          )}
          {answer.problems.length > 0 && (
            <LineProblemsTable
              problems={answer.problems}
              describe={problemText}
              labels={{ caption: t('problems'), line: t('line'), column: t('column'), problem: t('problem') }}
            />
          )}
          {answer.unmatched.length > 0 && (
            <div>
              <p>{t('unmatched', { count: answer.unmatched.length })}</p>
              <ul className="text-sm">
                {answer.unmatched.slice(0, 50).map((u) => (
                  <li key={u.line}>{t('unmatchedLine', { line: u.line, store: u.storeNumber })}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
