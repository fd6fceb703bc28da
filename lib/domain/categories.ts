// The food categories (docs/product.md, Records and their fields), in display order. "No Donation" is 9th (index 8).

export const NO_DONATION = 'No Donation';
/** Categories from this display position on are listed under the "Other" subheading. */
export const OTHER_FROM_INDEX = 6;

export const DEFAULT_CATEGORIES = [
  { id: 1, name: 'Meat & Seafood', nameFr: 'Viandes et poissons', displayOrder: 1 },
  { id: 2, name: 'Dairy', nameFr: 'Produits laitiers', displayOrder: 2 },
  { id: 3, name: 'Bakery', nameFr: 'Boulangerie', displayOrder: 3 },
  { id: 4, name: 'Frozen', nameFr: 'Surgelés', displayOrder: 4 },
  { id: 5, name: 'Produce', nameFr: 'Fruits et légumes', displayOrder: 5 },
  { id: 6, name: 'Non-perishable', nameFr: 'Non périssables', displayOrder: 6 },
  { id: 7, name: 'Non-food items', nameFr: 'Articles non alimentaires', displayOrder: 7 },
  { id: 8, name: 'Waste', nameFr: 'Déchets', displayOrder: 8 },
  { id: 9, name: NO_DONATION, nameFr: 'Aucun don', displayOrder: 9 },
] as const;

export function sortCategories<T extends { displayOrder: number }>(categories: readonly T[]): T[] {
  return [...categories].sort((a, b) => a.displayOrder - b.displayOrder);
}
