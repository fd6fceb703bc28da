// The browser's one client of the donation API: typed from the API's OpenAPI document (web/api/paths.d.ts, made by
// npm run gen:api-types), sent through /bff, which adds the session's token. The URL is built by apiPath (path
// parameters encoded; web/api/calls.test.ts holds it to openapi-fetch's own URL builder), the body sent as JSON.
// A plain fetch rather than openapi-fetch's runtime: that cost 2.6 kB gzip on every screen, and the month page and
// the add form are at their JavaScript budget. What every screen relies on: a 401 sends the user to the sign-in
// page, and a failed call throws a BffError instead of returning it.
import { apiPath, readAnswer, type ApiArgs, type ApiData, type ApiMethod, type ApiPath } from '@/web/api/calls';
import { BffError, leavesOn401 } from './bff';

type Extra = {
  /** The caller handles a 401 itself (the donation form keeps the entry and offers the sign-in): no redirect. */
  keepOn401?: boolean;
};
type Options = Extra & { params?: unknown; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

function call<M extends ApiMethod>(method: M) {
  return async <P extends ApiPath<M>>(path: P, ...[init]: ApiArgs<M, P, Extra>): Promise<ApiData<M, P>> => {
    const { keepOn401, params, body, signal, headers } = (init ?? {}) as Options;
    const res = await fetch(`/bff${apiPath<M, P>(method, path, params as never)}`, {
      method: method.toUpperCase(),
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal,
      credentials: 'same-origin',
    });
    if (res.status === 401 && leavesOn401(keepOn401)) {
      const back = window.location.pathname + window.location.search;
      // A full load, not a client navigation: the sign-in page must be rendered by the server without the old session.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(`/login?callbackUrl=${encodeURIComponent(back)}`);
    }
    const json = await readAnswer(res);
    if (!res.ok) {
      const err = (json && typeof json === 'object' ? json : {}) as { code?: string; message?: string; field?: string };
      throw new BffError(res.status, err.code, err.message ?? String(res.status), err.field);
    }
    return json as ApiData<M, P>;
  };
}

/**
 * `await api.GET('/branch/{branchId}/donations/{year}/{month}', { params: { path: { branchId, year, month } }, signal })`
 * answers the data, typed from the API's schema, or throws a BffError (status, code, message, field).
 */
export const api = { GET: call('get'), PUT: call('put'), POST: call('post'), DELETE: call('delete') };
