import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';

// Answer types and query keys of the donation screens, without react-query (server-rendered screens use them
// too). Every branch-scoped key carries the branchId, so switching branch never shows the other branch's data.

// The types are inferred from the API's answer schemas (lib/domain/answers.ts); `import type` keeps zod out of the page.
import type { CampaignDonationAnswer, DonationAnswer as RfpDonationAnswer } from '@/lib/domain/answers';

export type { StoreAnswer, MonthlyReport as MonthlyReportAnswer, CategoryRef as CategoryAnswer } from '@/lib/domain/answers';

/** A donation of any program as the screens list it: a campaign donation also carries campaign and campaignCategories. */
export type MonthDonation = RfpDonationAnswer & Partial<Pick<CampaignDonationAnswer, 'campaign' | 'campaignCategories'>>;

/** A month's list as the screens show it: both programs' donations in date order (the browser and the server alike). */
export function mergeMonthDonations(rfp: MonthDonation[], campaign: MonthDonation[]): MonthDonation[] {
  return [...rfp, ...campaign].sort((a, b) => a.date.localeCompare(b.date));
}

export const isRfp = (campaignId: string | undefined | null) => !campaignId || campaignId === RFP_CAMPAIGN_ID;

export const donationKeys = {
  all: ['donations'] as const,
  years: (branchId: string) => ['donations', 'years', branchId] as const,
  reports: (branchId: string, year: number) => ['donations', 'reports', branchId, year] as const,
  month: (branchId: string, year: number, month: number) => ['donations', 'month', branchId, year, month] as const,
  submitted: (branchId: string, year: number, month: number) => ['donations', 'submitted', branchId, year, month] as const,
  one: (id: string, campaignId: string) => ['donations', 'one', id, campaignId] as const,
  categories: ['categories'] as const,
  stores: (branchId: string, campaignId: string) => ['stores', branchId, campaignId] as const,
  campaigns: (branchId: string) => ['campaigns', branchId] as const,
};
