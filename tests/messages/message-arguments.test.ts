// Every message, of the screens and of the mails, takes the same ICU arguments in English and French (French alone
// may take the helpers' arguments of FRENCH_ONLY_ARGUMENTS), with the same select and plural branches.
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import mailEn from '@/messages/mail.en.json';
import mailFr from '@/messages/mail.fr.json';
import { argumentMismatches } from './message-arguments';

describe('message arguments', () => {
  it('are the same in both languages for every text of the screens and the mails', () => {
    expect([
      ...argumentMismatches('messages/en.json + fr.json', en, fr),
      ...argumentMismatches('messages/mail.en.json + mail.fr.json', mailEn, mailFr),
    ]).toEqual([]);
  });

  it('names the file and key of a French text with a placeholder the English lacks, a missing branch or tag', () => {
    const enFixture = {
      Nav: { hello: 'Hello {name}', items: '{n, plural, one {# item} other {# items}}' },
      Month: { title: 'Donations of {month}', kind: '{k, select, a {A} other {B}}', link: 'See <link>the guide</link>' },
    };
    const frFixture = {
      Nav: { hello: 'Bonjour {name} {x}', items: '{n, plural, one {# article} many {# d’articles} other {# articles}}' },
      Month: { title: 'Dons {de}{month}', kind: '{k, select, other {B}}', link: 'Voir le guide' },
    };
    expect(argumentMismatches('fixture.json', enFixture, frFixture)).toEqual([
      'fixture.json Nav.hello: en takes [name: argument], fr takes [name: argument; x: argument]',
      'fixture.json Month.kind: en takes [k: select (a, other)], fr takes [k: select (other)]',
      'fixture.json Month.link: en takes [<link>: tag], fr takes []',
    ]);
    // English taking a French-only helper's argument, and a text that does not parse.
    expect(argumentMismatches('f.json', { a: 'Of {de}{month}', b: 'Hi {name' }, { a: 'De {de}{month}', b: 'Salut {name}' })).toEqual([
      'f.json a: English takes {de}, an argument for French only',
      expect.stringMatching(/^f\.json b \(en\): does not parse/),
    ]);
  });
});
