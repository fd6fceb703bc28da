import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { StoreRecords } from '@/components/manifests/store-records';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('StoreRecords');
  return { title: t('title') };
}

/** The stores' own records of a month beside the branch's donations (docs/product.md, Manifests). */
export default async function StoreRecordsPage({ params }: PageProps<'/donations/[year]/[month]/store-records'>) {
  const { year, month } = await params;
  const y = /^\d{4}$/.test(year) ? Number(year) : NaN;
  const m = /^\d{1,2}$/.test(month) ? Number(month) : NaN;
  // A month that is no month: the month's own not-found page, with a 404.
  if (!(y >= 1900 && y <= 9999) || !(m >= 1 && m <= 12)) notFound();
  return <StoreRecords year={y} month={m} />;
}
