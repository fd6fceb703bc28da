import type { Category } from '@/lib/domain/categories';
import { RFP_CAMPAIGN_ID } from '@/lib/domain/enums';

// Answer types and query keys of the donation screens, without react-query (server-rendered screens use them
// too). Every branch-scoped key carries the branchId, so switching branch never shows the other branch's data.

export type StoreAnswer = {
  id: string;
  name: string;
  number: string | null;
  retailer: { id: string; name: string } | null;
  banner: { id: string; retailerId: string; name: string } | null;
  displayName?: string;
};

export type CategoryAnswer = Category & { nameFr?: string | null };

export type DonationAnswer = {
  id: string;
  branchId: string;
  campaignId: string;
  campaignName: string;
  date: string;
  storeId: string;
  store: StoreAnswer;
  source: number;
  weight: number;
  weightUnit: number;
  weightInPounds: number;
  categories: { categoryId: number; categoryName?: string; category?: CategoryAnswer; fraction: number }[];
  campaignCategories?: { categoryId: number; categoryName?: string; category?: CategoryAnswer; fraction: number }[];
  submitted: boolean;
  submitDate: string | null;
};

export type MonthlyReportAnswer = {
  year: number;
  month: number;
  frontStoreWeightInPounds: number;
  backStoreWeightInPounds: number;
  categories: Record<string, number>;
  submitted: boolean;
};

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
