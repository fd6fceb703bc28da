// The types of a call of the donation API, read from web/api/paths.d.ts (generated from its OpenAPI document), shared
// by the browser's client (web/query/api-client.ts, through /bff) and the server-rendered screens' (screenApi).
import type { Client, ClientPathsWithMethod, MaybeOptionalInit } from 'openapi-fetch';
import type { paths } from './paths';

export type ApiMethod = 'get' | 'put' | 'post' | 'delete';
/** The API paths (without /api) that answer `method`, e.g. '/branch/{branchId}/donations/{year}/{month}'. */
export type ApiPath<M extends ApiMethod> = ClientPathsWithMethod<Client<paths>, M>;
type Init<M extends ApiMethod, P extends ApiPath<M>> = MaybeOptionalInit<paths[P], M>;
/** A call's options: `params` ({ path, query }) as the API declares them, `body`, and fetch's own (signal, headers). */
export type ApiInit<M extends ApiMethod, P extends ApiPath<M>> = NonNullable<Init<M, P>>;
/** The options as the last argument of a call, optional when the call needs none; `Extra` is the caller's own. */
export type ApiArgs<M extends ApiMethod, P extends ApiPath<M>, Extra> =
  undefined extends Init<M, P> ? [init?: ApiInit<M, P> & Extra] : [init: ApiInit<M, P> & Extra];

type OkStatus = 200 | 201 | 202 | 203 | 204;
type Responses<M extends ApiMethod, P extends ApiPath<M>> = paths[P][M] extends { responses: infer R } ? R : never;
// Read from the schema here rather than through openapi-fetch's FetchResponse, whose Readable<> turns tuples (an audit
// entry's changes) into plain arrays.
type Success<M extends ApiMethod, P extends ApiPath<M>> = {
  [S in keyof Responses<M, P> & OkStatus]: Responses<M, P>[S] extends { content: { 'application/json': infer J } } ? J : never;
}[keyof Responses<M, P> & OkStatus];
/** The JSON a successful call answers, as the API's schema declares it (undefined for an answer without a body). */
export type ApiData<M extends ApiMethod, P extends ApiPath<M>> = [Success<M, P>] extends [never] ? undefined : Success<M, P>;

type Params<M extends ApiMethod, P extends ApiPath<M>> = ApiInit<M, P> extends { params?: infer T } ? T : never;

type Primitive = string | number | boolean;

/**
 * The URL of an API call (without /api or /bff), built as openapi-fetch builds it for the API's parameters, which are
 * all single values: each path parameter and query value passed through encodeURIComponent, undefined and null query
 * values left out. For links and downloads (`/bff` + it), the server's calls, and the offline outbox's stored
 * creates. Written here rather than taken from openapi-fetch, so a page that only builds a link does not load it.
 */
export function apiPath<M extends ApiMethod, P extends ApiPath<M>>(_method: M, path: P, params: Params<M, P>): string {
  const { path: values = {}, query = {} } = (params ?? {}) as {
    path?: Record<string, Primitive>;
    query?: Record<string, Primitive | null | undefined>;
  };
  const url = path.replace(/\{([^}]+)\}/g, (match, name: string) =>
    values[name] === undefined || values[name] === null ? match : encodeURIComponent(values[name]),
  );
  const search = Object.entries(query)
    .filter((entry): entry is [string, Primitive] => entry[1] !== undefined && entry[1] !== null)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return search ? `${url}?${search}` : url;
}

/** The /bff address of a GET the browser follows itself (a link, a file download) instead of calling it as JSON. */
export function bffHref<P extends ApiPath<'get'>>(path: P, params: Params<'get', P>): string {
  return `/bff${apiPath<'get', P>('get', path, params)}`;
}

/** An answer's body: its JSON, its text when it is not JSON (a proxy's error page), undefined when empty. */
export async function readAnswer(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}
