/**
 * French "de" before a month or a period, as French writes it: elided before a vowel ("d’avril", "d’août",
 * "d’octobre 2026"), whole otherwise ("de novembre 2026", "de 2026"). The French texts say "{de}{month}"; the English
 * ones ignore the argument.
 */
export const frenchDe = (word: string) => (/^[aeiouyàâäéèêëîïôöùûü]/i.test(word.trim()) ? 'd’' : 'de ');
