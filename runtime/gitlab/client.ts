// The GitLab client (transport.ts: Node's http/https), REST under <root>/api/v4 and GraphQL at <root>/api/graphql, with the
// token sent as PRIVATE-TOKEN (an OAuth token as Authorization: Bearer). Failures are classified into the error types of errors.ts; nothing here
// retries a mutation (RES-6).
import { randomBytes } from "node:crypto";
import type { Logger } from "../log.js";
import { GitLabGraphqlError, GitLabHttpError, GitLabNetworkError, GitLabResponseError, NotTheApiError } from "./errors.js";
import { withRetries, type RetryListener, type RetryPolicy } from "./retry.js";
import { assertRoute } from "./route.js";
import { ProxyError, send, type Connection, type HeaderReader, type HttpAnswer, type HttpRequest } from "./transport.js";

/** A REST request with the path already expanded and encoded (relative to /api/v4). */
export interface RestCall {
  readonly method: string;
  readonly path: string;
  readonly query?: Readonly<Record<string, unknown>>;
  readonly body?: Readonly<Record<string, unknown>>;
  /** Sent as multipart/form-data instead of JSON (uploads): text fields and files as bytes. */
  readonly multipart?: { readonly fields: Readonly<Record<string, string>>; readonly files: Readonly<Record<string, { readonly name: string; readonly bytes: Buffer }>> };
  /** Sent as the raw body (application/octet-stream), as `curl --upload-file` does (generic packages). */
  readonly raw?: Buffer;
  readonly signal?: AbortSignal;
  /** Reads are retried on transient failures; writes only when nothing was sent (§6.1, §6.2). */
  readonly retry?: RetryPolicy;
  /** Told before each retry's wait, so the call can report its progress (RES-4, §6.10). */
  readonly onRetry?: RetryListener;
  /**
   * How a successful body is read: `json` (default; text when GitLab sends no JSON), `bytes` (a Buffer,
   * for files and archives that may be binary), or a sink that takes it chunk by chunk without keeping
   * it (a job log); the sink returns false to stop reading. A retried read restarts the sink's input, so
   * a sink must reset its state when `restart` is called.
   */
  readonly read?: "json" | "bytes" | { readonly sink: (chunk: Buffer) => boolean; readonly restart: () => void };
}

/** A successful REST answer. */
export interface RestAnswer {
  readonly status: number;
  readonly headers: HeaderReader;
  readonly body: unknown;
  /** Length of the (decoded) body GitLab sent, in bytes: lets the response budget skip measuring pages that fit. */
  readonly size: number;
  /** A streamed body whose sink stopped reading before the end. */
  readonly stopped?: boolean;
}

/** Normalises GITLAB_URL: the instance root, given as `https://host[/sub]` or `…/api/v4` (§8.2). */
export function instanceRoot(url: string): string {
  const u = new URL(url);
  if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error("GITLAB_URL must be an http or https URL");
  u.search = "";
  u.hash = "";
  return u.toString().replace(/\/+$/, "").replace(/\/api\/v4$/, "");
}

/** Appends query parameters the way GitLab's Grape API reads them (arrays as key[], hashes as key[sub]). */
export function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  const q = new URLSearchParams();
  const add = (k: string, v: unknown): void => {
    if (v === undefined || v === null) return;
    if (Array.isArray(v)) for (const item of v) q.append(`${k}[]`, String(item));
    else if (typeof v === "object") for (const [sub, inner] of Object.entries(v)) add(`${k}[${sub}]`, inner);
    else q.append(k, String(v));
  };
  for (const [k, v] of Object.entries(query ?? {})) add(k, v);
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** What executeAction needs from GitLab: one REST or GraphQL request at a time. */
export interface GitLabApi {
  rest(call: RestCall): Promise<RestAnswer>;
  graphql(document: string, variables: Record<string, unknown>, signal?: AbortSignal, retry?: RetryPolicy, onRetry?: RetryListener): Promise<Record<string, unknown> | null>;
}

/**
 * The client as one tool call sees it: the time spent waiting on GitLab is added to `spent.ms` (logged
 * per call), and every retry of its requests is told to `onRetry` (the call's progress notifications).
 */
export function timed(client: GitLabApi, spent: { ms: number }, onRetry?: RetryListener): GitLabApi {
  const time = async <T>(p: Promise<T>, started = performance.now()): Promise<T> => {
    try {
      return await p;
    } finally {
      spent.ms += performance.now() - started;
    }
  };
  return {
    rest: (call) => time(client.rest(onRetry ? { ...call, onRetry } : call)),
    graphql: (document, variables, signal, retry) => time(client.graphql(document, variables, signal, retry, onRetry)),
  };
}

/** GitLab over HTTP for one credential. */
export class GitLabClient implements GitLabApi {
  readonly root: string;

  constructor(
    url: string,
    private readonly token: string | undefined,
    private readonly userAgent = "gitlab-mcp-server",
    private readonly log?: Logger,
    /** TLS settings toward GitLab (§8.2). */
    private readonly connection: Connection = {},
    /** "bearer" for an OAuth access token, which GitLab reads only from Authorization (§9.10). */
    private readonly scheme: "private-token" | "bearer" = "private-token",
  ) {
    this.root = instanceRoot(url);
  }

  /** One REST request, retried as its policy allows. Throws GitLabHttpError for a non-2xx answer. */
  rest(call: RestCall): Promise<RestAnswer> {
    return withRetries(() => this.restOnce(call), call.retry ?? "write", call.signal, (info) => {
      this.log?.debug("retrying GitLab request", { method: call.method, ...info });
      call.onRetry?.(info);
    });
  }

  private async restOnce(call: RestCall): Promise<RestAnswer> {
    // The one place every REST request is built: no path leaves its route, whoever built it.
    assertRoute(call.path);
    const url = `${this.root}/api/v4${call.path}${queryString(call.query)}`;
    const headers: Record<string, string> = { accept: "application/json", "user-agent": this.userAgent };
    if (this.token && this.scheme === "bearer") headers.authorization = `Bearer ${this.token}`;
    else if (this.token) headers["private-token"] = this.token;
    let payload: string | Buffer | undefined;
    if (call.multipart) {
      const boundary = `----gitlab-mcp-${randomBytes(12).toString("hex")}`;
      headers["content-type"] = `multipart/form-data; boundary=${boundary}`;
      payload = multipartBody(boundary, call.multipart.fields, call.multipart.files);
    } else if (call.raw) {
      headers["content-type"] = "application/octet-stream";
      payload = call.raw;
    } else if (call.body && Object.keys(call.body).length > 0) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(call.body);
    }
    const read = call.read ?? "json";
    if (typeof read === "object") read.restart();
    const sink = typeof read === "object" ? read.sink : undefined;
    if (read !== "json") headers.accept = "*/*";
    const res = await this.send({ method: call.method, url, headers, body: payload, signal: call.signal, sink }, `${call.method} request`);
    const ok = res.status >= 200 && res.status < 300;
    if (ok && sink) return { status: res.status, headers: res.headers, body: undefined, size: res.bytes, stopped: res.stopped };
    if (ok && read === "bytes") return { status: res.status, headers: res.headers, body: res.raw, size: res.bytes };
    const { body, size } = readBody(res);
    if (!ok) throw new GitLabHttpError(res.status, body, res.headers);
    return { status: res.status, headers: res.headers, body, size };
  }

  /** One GraphQL request, retried as its policy allows. Throws GitLabGraphqlError for errors[] (ERR-18). */
  graphql(document: string, variables: Record<string, unknown>, signal?: AbortSignal, retry: RetryPolicy = "write", onRetry?: RetryListener): Promise<Record<string, unknown> | null> {
    return withRetries(() => this.graphqlOnce(document, variables, signal), retry, signal, (info) => {
      this.log?.debug("retrying GitLab request", { method: "GraphQL", ...info });
      onRetry?.(info);
    });
  }

  private async graphqlOnce(document: string, variables: Record<string, unknown>, signal?: AbortSignal): Promise<Record<string, unknown> | null> {
    const headers: Record<string, string> = { accept: "application/json", "content-type": "application/json", "user-agent": this.userAgent };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const res = await this.send({ method: "POST", url: `${this.root}/api/graphql`, headers, body: JSON.stringify({ query: document, variables }), signal }, "GraphQL request");
    const body = readBody(res).body as { data?: Record<string, unknown> | null; errors?: { message?: string }[] } | undefined;
    if (res.status < 200 || res.status >= 300) throw new GitLabHttpError(res.status, body, res.headers, true);
    if (!body || typeof body !== "object") throw new GitLabResponseError("GraphQL answer is not JSON");
    if (Array.isArray(body.errors) && body.errors.length > 0) throw new GitLabGraphqlError(body.errors.map((e) => String(e.message ?? "GraphQL error")));
    return body.data ?? null;
  }

  private async send(request: HttpRequest, operation: string): Promise<HttpAnswer> {
    try {
      return await send(request, this.connection);
    } catch (e) {
      throw classifyNetworkError(e, request.signal, operation);
    }
  }
}

function readBody(res: HttpAnswer): { body: unknown; size: number } {
  const text = res.text;
  // GitLab's API answers JSON, even for errors; its own 5xx pages (nginx during an outage) stay 5xx.
  if (res.status < 500 && /text\/html/i.test(res.headers.get("content-type") ?? "")) throw new NotTheApiError("an HTML page");
  if (text.length === 0) return { body: undefined, size: 0 };
  if (!(res.headers.get("content-type") ?? "").includes("json")) return { body: text, size: res.bytes };
  try {
    return { body: JSON.parse(text) as unknown, size: res.bytes };
  } catch {
    if (res.status >= 200 && res.status < 300) throw new GitLabResponseError("invalid JSON");
    return { body: text, size: res.bytes };
  }
}

function classifyNetworkError(e: unknown, signal: AbortSignal | undefined, operation: string): Error {
  if (e instanceof ProxyError) return new GitLabNetworkError("proxy", operation, e.code);
  if (signal?.aborted) {
    const reason: unknown = signal.reason;
    return new GitLabNetworkError(reason instanceof Error && reason.name === "TimeoutError" ? "deadline" : "canceled", operation);
  }
  // Node puts the socket error's code on the error; a connect that tried several addresses (IPv6 and
  // IPv4) fails with an AggregateError holding one error per address.
  const err = e as { code?: string; errors?: { code?: string }[] };
  const code = err.code ?? err.errors?.find((x) => x.code)?.code ?? "";
  if (code === "ECONNREFUSED") return new GitLabNetworkError("refused", operation, code);
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return new GitLabNetworkError("dns", operation, code);
  if (code === "ETIMEDOUT" || code === "ESOCKETTIMEDOUT") return new GitLabNetworkError("timeout", operation, code);
  // OpenSSL verification codes (UNABLE_TO_VERIFY_LEAF_SIGNATURE, DEPTH_ZERO_SELF_SIGNED_CERT...) and Node TLS errors.
  if (/CERT|SSL|TLS|UNABLE_TO_VERIFY|SIGNATURE|ISSUER/.test(code)) return new GitLabNetworkError("tls", operation, code);
  return new GitLabNetworkError("network", operation, code);
}

/** A multipart/form-data body (RFC 7578): each text field, then each file with its name. */
function multipartBody(boundary: string, fields: Readonly<Record<string, string>>, files: Readonly<Record<string, { readonly name: string; readonly bytes: Buffer }>>): Buffer {
  const quote = (v: string) => v.replace(/["\r\n]/g, (c) => encodeURIComponent(c));
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${quote(k)}"\r\n\r\n${v}\r\n`, "utf8"));
  }
  for (const [k, f] of Object.entries(files)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${quote(k)}"; filename="${quote(f.name)}"\r\ncontent-type: application/octet-stream\r\n\r\n`, "utf8"), f.bytes, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`, "utf8"));
  return Buffer.concat(parts);
}
