import type { PartnerQuery } from '@/lib/domain/partner';

/** The text of each kind of query (namespace PartnerLines), for the form and the list of queries alike. */
export const QUERY_KIND_TEXT = { 'no-record': 'kindNoRecord', weight: 'kindWeight', other: 'kindOther' } as const satisfies Record<
  PartnerQuery['kind'],
  string
>;
