// Enumerations (docs/product.md, Records and their fields), with the numeric values the API speaks.

export const LoginType = { None: 0, Admin: 1, AAD: 2, AADB2C: 3 } as const;
export type LoginType = (typeof LoginType)[keyof typeof LoginType];

export const WeightUnit = { Kilogram: 0, Pounds: 1, BananaBox: 2 } as const;
export type WeightUnit = (typeof WeightUnit)[keyof typeof WeightUnit];
export const WEIGHT_UNITS = [WeightUnit.Kilogram, WeightUnit.Pounds, WeightUnit.BananaBox] as const;

export const Source = { BackStore: 0, FrontStore: 1 } as const;
export type Source = (typeof Source)[keyof typeof Source];
export const SOURCES = [Source.BackStore, Source.FrontStore] as const;

/** The built-in retail food program: all-zero identifier, name RFP. */
export const RFP_CAMPAIGN_ID = '00000000-0000-0000-0000-000000000000';
export const RFP_CAMPAIGN_NAME = 'RFP';

export const BOT_SOURCES = ['rfp', 'info'] as const;
export type BotSource = (typeof BOT_SOURCES)[number];

export const PROVINCE_CODES = ['ON', 'QC', 'NS', 'NB', 'MB', 'BC', 'PE', 'SK', 'AB', 'NL', 'NT', 'YT', 'NU'] as const;
export type ProvinceCode = (typeof PROVINCE_CODES)[number];
export const PROVINCE_NAMES: Record<ProvinceCode, { en: string; fr: string }> = {
  ON: { en: 'Ontario', fr: 'Ontario' },
  QC: { en: 'Quebec', fr: 'Québec' },
  NS: { en: 'Nova Scotia', fr: 'Nouvelle-Écosse' },
  NB: { en: 'New Brunswick', fr: 'Nouveau-Brunswick' },
  MB: { en: 'Manitoba', fr: 'Manitoba' },
  BC: { en: 'British Columbia', fr: 'Colombie-Britannique' },
  PE: { en: 'Prince Edward Island', fr: 'Île-du-Prince-Édouard' },
  SK: { en: 'Saskatchewan', fr: 'Saskatchewan' },
  AB: { en: 'Alberta', fr: 'Alberta' },
  NL: { en: 'Newfoundland and Labrador', fr: 'Terre-Neuve-et-Labrador' },
  NT: { en: 'Northwest Territories', fr: 'Territoires du Nord-Ouest' },
  YT: { en: 'Yukon', fr: 'Yukon' },
  NU: { en: 'Nunavut', fr: 'Nunavut' },
};
