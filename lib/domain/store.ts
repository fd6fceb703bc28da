export type StoreNameParts = {
  name?: string | null;
  retailer?: { name?: string | null } | null;
  banner?: { name?: string | null } | null;
};

/** Retailer name, banner name and store name joined with ' - ', skipping missing parts. */
export function storeDisplayName(store: StoreNameParts | null | undefined): string {
  if (!store) return '';
  return [store.retailer?.name, store.banner?.name, store.name].filter((p) => p && p.trim()).join(' - ');
}
