// The app's own message files: tests check the French texts by key and the English ones word for word.
import fs from 'node:fs';
import path from 'node:path';

type Tree = { [k: string]: string | Tree };
const load = (lang: string) => JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'messages', `${lang}.json`), 'utf8')) as Tree;
const files = { en: load('en'), fr: load('fr') };

/** msg('fr', 'LoginPage.login') */
export function msg(lang: 'en' | 'fr', key: string): string {
  let node: string | Tree = files[lang];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || !(part in node)) throw new Error(`no message ${lang}:${key}`);
    node = node[part]!;
  }
  if (typeof node !== 'string') throw new Error(`not a text: ${lang}:${key}`);
  return node;
}

export const LANGS = ['en', 'fr'] as const;
