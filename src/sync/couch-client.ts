import { redactCause, redactorOf, type Redact } from './redact-secrets.js';
import { syncFailed } from './sync-failed.js';

/** How {@link createCouchClient} reaches the database. @internal */
export interface CouchClientOptions {
  /** The database URL, e.g. `https://couch.example.com/userdb-6a6f65`. */
  url: string;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}

/** One request to the database. @internal */
export interface CouchRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** Relative to the database URL, already encoded, e.g. `_changes` or `_local/x`. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** Statuses returned as `{ status, body }` instead of thrown (e.g. 404 for a missing checkpoint). */
  accept?: readonly number[];
  /** Sent as they are, with their media type, instead of a JSON `body` (a CouchDB attachment's bytes). */
  bytes?: { data: Blob; mediaType: string };
  /** A successful answer is bytes (an attachment), given as an ArrayBuffer; an error is still read as JSON. */
  binary?: boolean;
}

/** A parsed answer; a `binary` one also has the media type the server sent (`content-type`). @internal */
export interface CouchResponse<T> { status: number; body: T; mediaType?: string }

/** A thin client over CouchDB's HTTP API: JSON in, JSON out (bytes for attachments), `sync_failed` on anything else. @internal */
export interface CouchClient {
  request<T>(request: CouchRequest): Promise<CouchResponse<T>>;
  /** Cuts the header values out of text read from the server (a `reason` it may echo them in). */
  readonly redact: Redact;
}

/** @internal */
export function createCouchClient(options: CouchClientOptions): CouchClient {
  const base = options.url.replace(/\/+$/, '');
  const headers = { accept: 'application/json', ...options.headers };
  const redact = redactorOf(options.headers);
  return {
    redact,
    async request<T>(request: CouchRequest): Promise<CouchResponse<T>> {
      // Resolved at call time, so a test (or an app) may replace the global fetch after creating the client.
      const fetchFunction = options.fetch ?? globalThis.fetch;
      const label = `${request.method} ${request.path}`;
      let response: Response;
      try {
        response = await fetchFunction(urlOf(base, request), {
          method: request.method,
          headers: headersOf(headers, request),
          ...bodyOf(request),
          ...(request.signal === undefined ? {} : { signal: request.signal }),
        });
      } catch (cause) {
        if (request.signal?.aborted === true) throw redactCause(cause, redact);
        throw syncFailed({ request: label, cause: redactCause(cause, redact) });
      }
      if (request.binary === true && response.ok) {
        const body = await readBytes(response, label, request.signal, redact) as T;
        return { status: response.status, body, mediaType: response.headers.get('content-type') ?? 'application/octet-stream' };
      }
      const body = await readJson(response, label, request.signal, redact);
      if (response.ok || request.accept?.includes(response.status) === true) return { status: response.status, body: body as T };
      const { error, reason } = (typeof body === 'object' && body !== null ? body : {}) as { error?: unknown; reason?: unknown };
      throw syncFailed({
        request: label, status: response.status,
        ...(typeof error === 'string' ? { error: redact(error) } : {}),
        ...(typeof reason === 'string' ? { reason: redact(reason) } : {}),
      });
    },
  };
}

function headersOf(headers: Record<string, string>, request: CouchRequest): Record<string, string> {
  const accepting = request.binary === true ? { ...headers, accept: '*/*' } : headers;
  if (request.bytes !== undefined) return { ...accepting, 'content-type': request.bytes.mediaType };
  return request.body === undefined ? accepting : { ...accepting, 'content-type': 'application/json' };
}

function bodyOf(request: CouchRequest): { body?: Blob | string } {
  if (request.bytes !== undefined) return { body: request.bytes.data };
  return request.body === undefined ? {} : { body: JSON.stringify(request.body) };
}

async function readBytes(response: Response, label: string, signal: AbortSignal | undefined, redact: Redact): Promise<ArrayBuffer> {
  try {
    return await response.arrayBuffer();
  } catch (cause) {
    if (signal?.aborted === true) throw redactCause(cause, redact);
    throw syncFailed({ request: label, status: response.status, cause: redactCause(cause, redact) });
  }
}

function urlOf(base: string, request: CouchRequest): string {
  const query = Object.entries(request.query ?? {})
    .filter((pair): pair is [string, string | number | boolean] => pair[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${base}/${request.path}${query === '' ? '' : `?${query}`}`;
}

async function readJson(response: Response, label: string, signal: AbortSignal | undefined, redact: Redact): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    if (signal?.aborted === true) throw redactCause(cause, redact);
    throw syncFailed({ request: label, status: response.status, cause: redactCause(cause, redact) });
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    if (!response.ok) return undefined;
    throw syncFailed({ request: label, status: response.status, reason: 'the answer is not JSON', cause: redactCause(cause, redact) });
  }
}
