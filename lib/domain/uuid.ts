// The one spelling of an id the API accepts. PostgreSQL rejects non-uuid text in a uuid comparison with an error, so
// every id from a request is checked with this before it reaches a query.
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
