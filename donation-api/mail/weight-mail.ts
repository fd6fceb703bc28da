import type { MailLocale } from './program-mail';

// The notice to a branch's staff that the program asks them to correct the weight of a donation, in the
// recipient's language (users.locale), like the program's other mails.

const lbs = (l: MailLocale, n: number) => new Intl.NumberFormat(l === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 2 }).format(n);

export function correctWeightMail(
  l: MailLocale,
  m: {
    branch: string;
    store: string;
    date: string;
    pounds: number;
    usualPounds: number | null;
    by: string;
    note: string | null;
    link: string;
  },
): { subject: string; text: string } {
  if (l === 'fr') {
    const usual = m.usualPounds === null ? '' : ` Ce magasin donne d’habitude environ ${lbs(l, m.usualPounds)} lb.`;
    return {
      subject: `Poids à vérifier : ${m.store}, ${m.date}`,
      text: `Le programme demande à ${m.branch} de vérifier et de corriger le poids du don de ${m.store} du ${m.date} : ${lbs(l, m.pounds)} lb.${usual}\n\n${m.note ? `Message de ${m.by} : ${m.note}\n\n` : ''}Corrigez le don ici : ${m.link}\n\nProgramme de récupération en épicerie`,
    };
  }
  const usual = m.usualPounds === null ? '' : ` This store usually gives about ${lbs(l, m.usualPounds)} lbs.`;
  return {
    subject: `Weight to check: ${m.store}, ${m.date}`,
    text: `The program asks ${m.branch} to check and correct the weight of the donation from ${m.store} on ${m.date}: ${lbs(l, m.pounds)} lbs.${usual}\n\n${m.note ? `Message from ${m.by}: ${m.note}\n\n` : ''}Correct the donation here: ${m.link}\n\nRetail Food Program`,
  };
}
