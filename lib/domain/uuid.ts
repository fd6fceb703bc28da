// The one spelling of an id the API accepts. PostgreSQL rejects non-uuid text in a uuid comparison with an error, so
// every id from a request is checked with this before it reaches a query. Both cases are spelled out rather than
// given by the `i` flag: the OpenAPI document publishes the pattern's source, where a flag cannot be said, and the
// flag was written into the string (".../i"), a pattern no id could match.
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
