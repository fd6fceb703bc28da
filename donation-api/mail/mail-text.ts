// Every mail's words, read from messages/mail.en.json and messages/mail.fr.json, where a translator edits them beside
// the screens' catalogues. They are a catalogue of their own so that no page loads them: web/i18n/request.ts reads
// only messages/{locale}.json, whose namespaces are the ones the layouts can send to the browser.
// Formatted with next-intl's createTranslator (ICU plurals and numbers in en-CA / fr-CA); months and dates come in
// already written by the helpers the rest of the API uses.
import { createTranslator, type Locale } from 'next-intl';
import en from '@/messages/mail.en.json';
import fr from '@/messages/mail.fr.json';

export type MailLocale = 'en' | 'fr';
export const mailLocale = (locale: string | null | undefined): MailLocale => (locale?.toLowerCase().startsWith('fr') ? 'fr' : 'en');

/** Named number formats the catalogues use: `{pounds, number, lbs}` (2 decimals at most), `{pounds, number, whole}`. */
const formats = { number: { lbs: { maximumFractionDigits: 2 }, whole: { maximumFractionDigits: 0 } } };

// A missing key or argument throws, where use-intl's default would log it and mail the key in place of the text.
const fail = (error: Error) => {
  throw error;
};

// global.d.ts narrows next-intl's Locale to the app's 'en' | 'fr'; numbers and plurals here follow the Canadian
// tags, as the rest of the API's documents do ("1 234,5" in French).
const regional = (tag: 'en-CA' | 'fr-CA') => tag as unknown as Locale;

const translators = {
  en: createTranslator({ locale: regional('en-CA'), messages: en, formats, onError: fail }),
  fr: createTranslator({ locale: regional('fr-CA'), messages: fr, formats, onError: fail }),
};

/** The translator of one language's mails: `mailText('fr')('digest.subject', { … })`. */
export const mailText = (l: MailLocale) => translators[l];

type MailParts = { subject: string; text: string };

/** A mail in both languages, `first` first: the subjects joined by " / ", the bodies by a "---" line. */
export function bilingual(first: MailLocale, render: (l: MailLocale) => MailParts): MailParts {
  const parts = (first === 'fr' ? (['fr', 'en'] as const) : (['en', 'fr'] as const)).map(render);
  return { subject: parts.map((p) => p.subject).join(' / '), text: parts.map((p) => p.text).join('\n\n---\n\n') };
}
