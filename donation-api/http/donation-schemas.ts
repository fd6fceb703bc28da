import { z } from '@hono/zod-openapi';
import { campaignDonationAnswerSchema, donationAnswerSchema, monthlyReportSchema } from '@/lib/domain/answers';

// OpenAPI names of the donation answers; the shapes are lib/domain/answers.ts (donations/donation-query.ts builds them).

export const DonationSchema = donationAnswerSchema.openapi('Donation');
export const CampaignDonationSchema = campaignDonationAnswerSchema.openapi('CampaignDonation');
export const MonthlyReportSchema = monthlyReportSchema.openapi('MonthlyReport');

export const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
