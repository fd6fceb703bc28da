import { digestMail, reminderMail, reopenRequestedMail } from './program-mail';

describe('the program mails in French', () => {
  it('elide "de" before October and keep it before November', () => {
    const october = reopenRequestedMail('fr', { branch: 'Moisson Québec', year: 2026, month: 10, by: 'ana', reason: 'oubli', link: 'x' });
    expect(october.text).toContain('le rapport d’octobre 2026 de la banque alimentaire');
    expect(october.text).not.toMatch(/de (avril|août|octobre)/);
    const november = digestMail('fr', { year: 2026, month: 11, branches: ['Moisson Québec'], link: 'x' });
    expect(november.subject).toBe('Rapports de novembre 2026 en retard : 1');
    const august = reminderMail('fr', {
      kind: 'due',
      branch: 'Moisson Québec',
      missing: [{ year: 2026, month: 8 }],
      deadline: '15 septembre 2026',
      link: 'x',
    });
    expect(august.subject).toBe('Rappel : rapport d’août 2026 à soumettre, Moisson Québec');
  });
});
