// The check that a message takes the same ICU arguments in English and in French: the code passes one set of values
// to both languages, so a placeholder only one language has is written as is ("{x}") or throws in the other.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * The arguments the code passes for French only, each with the helper that makes it. An English text ignores them,
 * so a French text may take them without its English twin; an English text never does.
 */
export const FRENCH_ONLY_ARGUMENTS: Record<string, string> = {
  de: 'frenchDe (lib/domain/french-de.ts): "de" before a month, elided before a vowel ("d’avril", "de mai")',
};

// Plural categories each language has of its own (French "many" for a million, English none of these): a plural's
// branches are compared without them; "other" and exact matches ("=0") must be in both.
const LOCALE_PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many']);

export type Arg = { type: TYPE; choices: string[] };

/** Every argument of a message, nested ones and rich-text tags included: its ICU type and, for a select or a
 * plural, its choices. */
export function argsOf(elements: MessageFormatElement[], into = new Map<string, Arg>()): Map<string, Arg> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if (el.type === TYPE.tag) {
      into.set(`<${el.value}>`, { type: el.type, choices: [] });
      argsOf(el.children, into);
      continue;
    }
    const choices = el.type === TYPE.select || el.type === TYPE.plural ? Object.keys(el.options) : [];
    into.set(el.value, { type: el.type, choices: [...new Set([...(into.get(el.value)?.choices ?? []), ...choices])].sort() });
    if (el.type === TYPE.select || el.type === TYPE.plural) for (const option of Object.values(el.options)) argsOf(option.value, into);
  }
  return into;
}

/** What the code must pass: each argument's name, type and the branches that do not depend on the language. */
function signature(args: Map<string, Arg>): string[] {
  return [...args]
    .map(([name, a]) => {
      const choices = a.type === TYPE.plural ? a.choices.filter((c) => !LOCALE_PLURAL_CATEGORIES.has(c)) : a.choices;
      return `${name}: ${TYPE[a.type]}${choices.length ? ` (${choices.join(', ')})` : ''}`;
    })
    .sort();
}

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));

/**
 * The messages of a catalogue pair whose two languages differ in their arguments, one line each naming the file,
 * the key and both signatures; a text that does not parse is named too. Keys in one language only are the key
 * tests' business and are skipped here.
 */
export function argumentMismatches(file: string, en: object, fr: object): string[] {
  const frTexts = new Map(leaves(fr as Tree));
  const problems: string[] = [];
  const parsed = (lang: string, key: string, text: string) => {
    try {
      return argsOf(parse(text));
    } catch (e) {
      problems.push(`${file} ${key} (${lang}): does not parse: ${(e as Error).message}`);
      return null;
    }
  };
  for (const [key, enText] of leaves(en as Tree)) {
    const frText = frTexts.get(key);
    if (frText === undefined) continue;
    const enArgs = parsed('en', key, enText);
    const frArgs = parsed('fr', key, frText);
    if (!enArgs || !frArgs) continue;
    for (const name of Object.keys(FRENCH_ONLY_ARGUMENTS)) {
      if (enArgs.has(name)) problems.push(`${file} ${key}: English takes {${name}}, an argument for French only`);
      enArgs.delete(name);
      frArgs.delete(name);
    }
    const a = signature(enArgs).join('; ');
    const b = signature(frArgs).join('; ');
    if (a !== b) problems.push(`${file} ${key}: en takes [${a}], fr takes [${b}]`);
  }
  return problems;
}
