import 'server-only';

// Route handlers read their body through these: the size is checked before reading (Content-Length) and while
// reading (chunked bodies), so a 100 MB body costs a 413, not 100 MB of memory.

const tooLarge = () =>
  Response.json(
    { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
    { status: 413, headers: { 'cache-control': 'no-store', connection: 'close' } },
  );
const badCharacters = () =>
  Response.json(
    { code: 'INVALID_CHARACTERS', message: 'The request contains a character that is not allowed (a null character).' },
    { status: 400, headers: { 'cache-control': 'no-store' } },
  );

/** The body as bytes, or a 413 answer when it is longer than maxBytes. */
export async function readLimitedBody(request: Request, maxBytes: number): Promise<Uint8Array | Response> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** The body as text (UTF-8), or a 413 / 400 answer: too long, or holding a NUL character (raw, escaped or %00). */
export async function readLimitedText(request: Request, maxBytes: number): Promise<string | Response> {
  const bytes = await readLimitedBody(request, maxBytes);
  if (bytes instanceof Response) return bytes;
  const text = new TextDecoder().decode(bytes);
  const form = /application\/x-www-form-urlencoded/i.test(request.headers.get('content-type') ?? '');
  if (holdsNulText(text, form)) return badCharacters();
  return text;
}

/** A JSON body parsed (null when it is not JSON), or a 413 / 400 answer. */
export async function readLimitedJson(request: Request, maxBytes: number): Promise<unknown | Response> {
  const text = await readLimitedText(request, maxBytes);
  if (text instanceof Response) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * NUL in a body: raw, as a JSON escape that is not itself escaped (an escape is a NUL only after an even number
 * of backslashes, so "\\u0000" stays text), or %00 in a form-encoded body.
 */
export function holdsNulText(text: string, form = false): boolean {
  return text.includes('\u0000') || /(^|[^\\])(\\\\)*\\u0000/i.test(text) || (form && /%00/.test(text));
}
