import { DEFAULT_CATEGORIES } from '@/lib/domain/categories';
import { RFP_CAMPAIGN_ID, RFP_CAMPAIGN_NAME } from '@/lib/domain/enums';
import type { Db } from './client';
import { campaigns, categories, ghgFactorSets, ghgFactors } from './schema';

/**
 * Greenhouse-gas factors, version 1: US EPA WARM source-reduction factors (MTCO2E per short ton),
 * converted to kg CO2e per pound (× 1000 / 2000). Meat & Seafood is the mean of beef and poultry;
 * Frozen and Non-perishable use mixed food waste. Non-food, waste and no donation count zero.
 */
export const GHG_FACTORS_V1 = {
  version: 1,
  source: 'US EPA WARM v16 source reduction factors (MTCO2E/short ton), converted to kg CO2e per lb',
  kgPerLb: {
    'Meat & Seafood': ((30.09 + 2.53) / 2) * 0.5,
    Dairy: 1.75 * 0.5,
    Bakery: 0.67 * 0.5,
    Frozen: 3.66 * 0.5,
    Produce: 0.44 * 0.5,
    'Non-perishable': 3.66 * 0.5,
    'Non-food items': 0,
    Waste: 0,
    'No Donation': 0,
  } as Record<string, number>,
};

/** Idempotent: categories, the built-in RFP campaign and the GHG factor set every database needs. */
export async function ensureReferenceData(db: Db) {
  await db
    .insert(categories)
    .values(DEFAULT_CATEGORIES.map((c) => ({ ...c })))
    .onConflictDoNothing();
  await db.insert(campaigns).values({ id: RFP_CAMPAIGN_ID, name: RFP_CAMPAIGN_NAME }).onConflictDoNothing();
  await db.insert(ghgFactorSets).values({ version: GHG_FACTORS_V1.version, source: GHG_FACTORS_V1.source }).onConflictDoNothing();
  await db
    .insert(ghgFactors)
    .values(
      DEFAULT_CATEGORIES.map((c) => ({
        version: GHG_FACTORS_V1.version,
        categoryId: c.id,
        kgCo2ePerLb: GHG_FACTORS_V1.kgPerLb[c.name] ?? 0,
      })),
    )
    .onConflictDoNothing();
}
