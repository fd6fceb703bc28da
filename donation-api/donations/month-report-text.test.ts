import type { MonthSummary } from '@/lib/domain/summary';
import { summaryLines } from './month-report-text';

const totals = {
  count: 1,
  totalPounds: 10,
  frontStorePounds: 10,
  backStorePounds: 0,
  foodPounds: 10,
  ghgKgCo2e: 1,
  meals: 8,
  categories: [],
};
// 18:11 in Toronto on December 1: en-CA writes the time "6:11 p.m.", whose last dot ends the sentence.
const summary: MonthSummary = {
  branchId: 'b',
  branchName: 'Toronto Community Food Bank',
  year: 2026,
  month: 11,
  totals,
  submitted: true,
  submittedAt: '2026-12-01T23:11:00.000Z',
  submittedBy: 'ana',
  comments: null,
};

describe('the submitter’s line of the monthly report', () => {
  it('ends with one full stop in English, after "p.m."', () => {
    const line = summaryLines(summary, 'en', 'America/Toronto').find((l) => l.startsWith('Submitted by'));
    expect(line).toBe('Submitted by ana on December 1, 2026 at 6:11 p.m.');
  });

  it('ends with one full stop in French, and writes the first as "1er"', () => {
    const line = summaryLines(summary, 'fr', 'America/Toronto').find((l) => l.startsWith('Soumis par'));
    expect(line).toBe('Soumis par ana le 1er décembre 2026 à 18 h 11.');
  });
});
