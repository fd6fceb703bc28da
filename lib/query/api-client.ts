// The browser's one client of the donation API: typed from the API's OpenAPI document (lib/api/paths.d.ts, made by
// npm run gen:api-types), sent through /bff, which adds the session's token. openapi-fetch builds the URL (path
// parameters encoded) and the JSON body; the wrapper below keeps what every screen relies on: a 401 sends the user to
// the sign-in page, and a failed call throws a BffError instead of returning it.
import createClient from 'openapi-fetch';
import type { ApiArgs, ApiData, ApiMethod, ApiPath } from '@/lib/api/calls';
import type { paths } from '@/lib/api/paths';
import { BffError, leavesOn401 } from './bff';

const client = createClient<paths>({ baseUrl: '/bff', credentials: 'same-origin' });

type Extra = {
  /** The caller handles a 401 itself (the donation form keeps the entry and offers the sign-in): no redirect. */
  keepOn401?: boolean;
};

function call<M extends ApiMethod>(method: M) {
  return async <P extends ApiPath<M>>(path: P, ...[init]: ApiArgs<M, P, Extra>): Promise<ApiData<M, P>> => {
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
