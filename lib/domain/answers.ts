// Shapes of the donation API's answers (section 7), shared by the API that builds them and the screens that
// read them: one definition of the contract.

export type LoginAnswer = {
  id: string;
  token: string;
  expiresAt: string;
  branches: { branchId: string; branchName: string }[];
  branchId: string;
  contactEmail: string;
  locale: string;
  workplace: boolean;
  loginType: number;
  username: string;
};

export type CategoryRef = { id: number; name: string; nameFr: string; displayOrder: number };

export type StoreAnswer = {
  id: string;
  name: string;
  number: string | null;
  retailer: { id: string; name: string } | null;
  banner: { id: string; retailerId: string; name: string } | null;
  displayName: string;
};

export type DonationCategoryAnswer = {
  id: string;
  donationId: string;
  categoryId: number;
  /** The category itself; categoryName repeats its English name as in the payload. */
  category: CategoryRef;
  categoryName: string;
  fraction: number;
};

export type CampaignCategoryAnswer = {
  id: string;
  campaignId: string;
  campaignDonationId: string;
  categoryId: number;
  category: CategoryRef;
  categoryName: string;
  fraction: number;
};

export type DonationAnswer = {
  id: string;
  branchId: string;
  campaignId: string;
  campaignName: string;
  /** Calendar date YYYY-MM-DD. */
  date: string;
  storeId: string;
  store: StoreAnswer;
  source: number;
  weight: number;
  weightUnit: number;
  weightInPounds: number;
  ghgKgCo2e: number | null;
  ghgFactorVersion: number | null;
  categories: DonationCategoryAnswer[];
  submitted: boolean;
  submitDate: string | null;
  createdBy: string | null;
  updatedBy: string | null;
  createdAt: string;
  updatedAt: string;
};

export type CampaignDonationAnswer = DonationAnswer & {
  campaign: { id: string; name: string };
  campaignCategories: CampaignCategoryAnswer[];
};

/** One row of the monthly reports (aggregate). */
export type MonthlyReport = {
  year: number;
  month: number;
  frontStoreWeightInPounds: number;
  backStoreWeightInPounds: number;
  /** Category name → share of the month's pounds (0..1). */
  categories: Record<string, number>;
  submitted: boolean;
};
