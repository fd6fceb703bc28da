// The two languages have the same messages, and every message is used by the code: a key added in one language only,
// or left behind when its screen changed, fails here.
import fs from 'node:fs';
import path from 'node:path';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import { ERROR_MESSAGES } from '@/lib/domain/errors';

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : leaves(v, `${prefix}${k}.`)));

const root = path.resolve(__dirname, '../..');
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

describe('messages', () => {
  it('has the same keys in English and French', () => {
    const enKeys = leaves(en as Tree).sort();
    const frKeys = leaves(fr as Tree).sort();
    expect(frKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !frKeys.includes(k))).toEqual([]);
  });

  it('has no empty text in either language', () => {
    for (const tree of [en, fr] as Tree[]) {
      const empty = leaves(tree).filter((k) => !String(k.split('.').reduce<unknown>((t, p) => (t as Tree)[p], tree)).trim());
      expect(empty).toEqual([]);
    }
  });

  it('uses every key somewhere in the code (as a string, or its namespace prefix in a template)', () => {
    const code = ['app', 'components', 'lib', 'web'].flatMap((d) => sourceFiles(path.join(root, d))).map((f) => fs.readFileSync(f, 'utf8'));
    const literals = new Set<string>();
    const collect = (text: string) => {
      for (const m of text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
        literals.add(m[2]!);
        // `… ${t('key')} …`: the strings inside a template's placeholders count too.
        if (m[1] === '`' && m[2]!.includes('${')) collect(m[2]!.replace(/^[^$]*\$\{|\}[^$]*$/g, ' '));
      }
    };
    code.forEach(collect);
    const all = [...literals];
    const used = (key: string) => {
      const last = key.split('.').pop()!;
      // Errors are the translations of the API's error codes, looked up by code.
      if (key.startsWith('Errors.') && last in ERROR_MESSAGES) return true;
      if (literals.has(last) || literals.has(key)) return true;
      // t(`month${n}`), t(`status.${s}`): a template literal naming the key's stem.
      return all.some(
        (l) => l.includes('${') && (last.startsWith(l.split('${')[0]!) || key.endsWith(l.split('${')[0]!)) && l.split('${')[0],
      );
    };
    expect(leaves(en as Tree).filter((k) => !used(k))).toEqual([]);
  });
});
