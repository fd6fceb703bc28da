import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PickupReliability } from '@/components/program/pickup-reliability';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Reliability');
  return { title: t('pageTitle') };
}

/** /program/reliability: how a month's or a quarter's scheduled pickups ended, by food bank, store, retailer or province. */
export default async function ProgramReliabilityPage({ searchParams }: PageProps<'/program/reliability'>) {
  return <PickupReliability searchParams={await searchParams} />;
}
