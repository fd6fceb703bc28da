// The mails' catalogues (messages/mail.en.json and mail.fr.json): the same mails in both languages (their ICU
// arguments: message-arguments.test.ts), each one sent by the API, and none that leaves a placeholder in the mail it
// writes.
import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { mailText, type MailLocale } from '@/donation-api/mail/mail-text';
import { digestMail, reminderMail, reopenDecidedMail, reopenRequestedMail } from '@/donation-api/program/program-mail';
import { correctWeightMail } from '@/donation-api/program/weight-mail';
import { challengeMail } from '@/donation-api/sign-in/login-challenge';
import en from '@/messages/mail.en.json';
import fr from '@/messages/mail.fr.json';
import { argsOf, type Arg } from './message-arguments';

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : leaves(v, `${prefix}${k}.`)));
const textOf = (tree: Tree, key: string) => key.split('.').reduce<string | Tree>((t, k) => (t as Tree)[k]!, tree) as string;
const catalogues = { en: en as Tree, fr: fr as Tree };

/** One set of values per combination of the message's select choices; plurals take 1 and 5. */
function valueSets(args: Map<string, Arg>): Record<string, string | number>[] {
  let sets: Record<string, string | number>[] = [{}];
  for (const [name, a] of args) {
    const values: (string | number)[] =
      a.type === TYPE.select
        ? a.choices.map((c) => (c === 'other' ? 'something-else' : c))
        : a.type === TYPE.plural
          ? [1, 5]
          : a.type === TYPE.number
            ? [1234.5]
            : [`<${name}>`];
    sets = sets.flatMap((set) => values.map((v) => ({ ...set, [name]: v })));
  }
  return sets;
}

const keys = leaves(catalogues.en).sort();

describe('mail messages', () => {
  it('has the same mails in English and French, none empty', () => {
    expect(leaves(catalogues.fr).sort()).toEqual(keys);
    for (const tree of Object.values(catalogues)) expect(leaves(tree).filter((k) => !textOf(tree, k).trim())).toEqual([]);
  });

  it('leaves no placeholder in any text it writes, whichever choice a select makes', () => {
    for (const l of ['en', 'fr'] as MailLocale[]) {
      for (const key of keys) {
        for (const values of valueSets(argsOf(parse(textOf(catalogues[l], key))))) {
          const text = mailText(l)(key as Parameters<ReturnType<typeof mailText>>[0], values);
          expect({ key, text }).toEqual({ key, text: expect.not.stringMatching(/[{}#]/) });
        }
      }
    }
  });

  it('writes the mails the program sends without a placeholder, in both languages', () => {
    const month = { branch: 'Moisson Québec', year: 2026, month: 4, link: 'https://rfp.test/x' };
    for (const l of ['en', 'fr'] as MailLocale[]) {
      const mails = [
        reopenRequestedMail(l, { ...month, by: 'ana@rfp.test', reason: 'oubli' }),
        reopenDecidedMail(l, { ...month, approved: false, by: 'lead@rfp.test', answer: 'trop tard' }),
        reopenDecidedMail(l, { ...month, approved: true, direct: true, by: 'lead@rfp.test', answer: null }),
        reminderMail(l, { ...month, kind: 'overdue', missing: [{ year: 2026, month: 3 }, month], deadline: '15 mai 2026' }),
        digestMail(l, { ...month, branches: ['Moisson Québec', 'Moisson Laval'] }),
        correctWeightMail(l, { ...month, store: 'Store 12', date: '2026-04-02', pounds: 1234.5, usualPounds: 80, by: 'x', note: 'kg?' }),
        challengeMail('123456', l),
      ];
      for (const mail of mails) expect(`${mail.subject}\n${mail.text}`).not.toMatch(/[{}#]/);
    }
    // Numbers are written in fr-CA: a no-break space between thousands, a decimal comma.
    const weight = correctWeightMail('fr', { ...month, store: 'S', date: 'D', pounds: 1234.5, usualPounds: null, by: 'x', note: null });
    expect(weight.text).toContain('du D : 1\u00a0234,5 lb.\n');
  });

  it('holds only mails the API sends', () => {
    const dir = path.resolve(__dirname, '../../donation-api');
    const code = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    const unused = Object.keys(catalogues.en).filter((mail) => !new RegExp(`['\`]${mail}[.'\`]`).test(code));
    expect(unused).toEqual([]);
  });
});
