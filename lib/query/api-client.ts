// The browser's one client of the donation API: typed from the API's OpenAPI document (lib/api/paths.d.ts, made by
// npm run gen:api-types), sent through /bff, which adds the session's token. openapi-fetch builds the URL (path
// parameters encoded) and the JSON body; the wrapper below keeps what every screen relies on: a 401 sends the user to
// the sign-in page, and a failed call throws a BffError instead of returning it.
import createClient, {
  createFinalURL,
  createQuerySerializer,
  defaultPathSerializer,
  type ClientPathsWithMethod,
  type MaybeOptionalInit,
} from 'openapi-fetch';
import type { paths } from '@/lib/api/paths';
import { BffError, leavesOn401 } from './bff';

const client = createClient<paths>({ baseUrl: '/bff', credentials: 'same-origin' });

type Method = 'get' | 'put' | 'post' | 'delete';
/** The API paths (without /api) that answer `method`, e.g. '/branch/{branchId}/donations/{year}/{month}'. */
export type ApiPath<M extends Method> = ClientPathsWithMethod<typeof client, M>;
type Init<M extends Method, P extends ApiPath<M>> = MaybeOptionalInit<paths[P], M>;
type Extra = {
  /** The caller handles a 401 itself (the donation form keeps the entry and offers the sign-in): no redirect. */
  keepOn401?: boolean;
};
type Args<M extends Method, P extends ApiPath<M>> =
  undefined extends Init<M, P> ? [init?: NonNullable<Init<M, P>> & Extra] : [init: Init<M, P> & Extra];
type OkStatus = 200 | 201 | 202 | 203 | 204;
type Responses<M extends Method, P extends ApiPath<M>> = paths[P][M] extends { responses: infer R } ? R : never;
// Read from the schema here rather than through openapi-fetch's FetchResponse, whose Readable<> turns tuples (an audit
// entry's changes) into plain arrays.
type Success<M extends Method, P extends ApiPath<M>> = {
  [S in keyof Responses<M, P> & OkStatus]: Responses<M, P>[S] extends { content: { 'application/json': infer J } } ? J : never;
}[keyof Responses<M, P> & OkStatus];
/** The JSON a successful call answers, as the API's schema declares it (undefined for an answer without a body). */
export type ApiData<M extends Method, P extends ApiPath<M>> = [Success<M, P>] extends [never] ? undefined : Success<M, P>;

function call<M extends Method>(method: M) {
  return async <P extends ApiPath<M>>(path: P, ...[init]: Args<M, P>): Promise<ApiData<M, P>> => {
    const { keepOn401, ...options } = (init ?? {}) as Extra & Record<string, unknown>;
    const { data, error, response } = await client.request(method, path, options as never);
    if (response.status === 401 && leavesOn401(keepOn401)) {
      const back = window.location.pathname + window.location.search;
      // A full load, not a client navigation: the sign-in page must be rendered by the server without the old session.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(`/login?callbackUrl=${encodeURIComponent(back)}`);
    }
    if (!response.ok) {
      const body = (error ?? {}) as { code?: string; message?: string; field?: string };
      throw new BffError(response.status, body.code, body.message ?? String(response.status), body.field);
    }
    return data as ApiData<M, P>;
  };
}

/**
 * `await api.GET('/branch/{branchId}/donations/{year}/{month}', { params: { path: { branchId, year, month } }, signal })`
 * answers the data, typed from the API's schema, or throws a BffError (status, code, message, field).
 */
export const api = { GET: call('get'), PUT: call('put'), POST: call('post'), DELETE: call('delete') };

type PathParams<M extends Method, P extends ApiPath<M>> = NonNullable<Init<M, P>> extends { params?: infer Params } ? Params : never;

/**
 * The URL of an API call as a string, built like the client builds it (path parameters encoded, query serialised):
 * for links and downloads (`/bff` + it), and for the offline outbox, which stores the path of a create.
 */
export function apiPath<M extends Method, P extends ApiPath<M>>(_method: M, path: P, params: PathParams<M, P>): string {
  return createFinalURL(path, {
    baseUrl: '',
    params: params as { path?: Record<string, unknown>; query?: Record<string, unknown> },
    querySerializer: createQuerySerializer(),
    pathSerializer: defaultPathSerializer,
  });
}
