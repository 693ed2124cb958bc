// HTTP front door: body parsing, the request log, fault injection, and
// dispatch to the REST router (/api/v4) or the GraphQL endpoint (/api/graphql).
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { createServer as createHttpsServer } from "node:https";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { authenticateRest } from "./auth.js";
import { ApiError, defaultStatusBody, routeNotFound } from "./errors.js";
import type { Fault, FaultQueue } from "./faults.js";
import { enforceRest } from "./fineGrained.js";
import { handleGraphql } from "./graphql.js";
import { flatQuery, parseNestedQuery, type ParamMap, type ParamValue } from "./params.js";
import type { ResolvedOptions, Router } from "./router.js";
import type { SimState } from "./state.js";

export interface LoggedRequest {
  method: string;
  /** Decoded pathname, e.g. "/api/v4/projects/group/project/repository/branches". */
  path: string;
  /** Raw pathname as sent, e.g. "/api/v4/projects/group%2Fproject/repository/branches". */
  rawPath: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  /** Parsed JSON, or parsed urlencoded form, or undefined. */
  body: unknown;
  graphql?: { query: string; variables: Record<string, unknown>; operationName?: string };
  /** Final status; 0 while pending or when the socket was reset. */
  status: number;
  /** The client closed the connection before the answer was written (a cancelled request, RES-11). */
  clientClosed?: boolean;
}

export interface ServerDeps {
  state: SimState;
  options: ResolvedOptions;
  router: Router;
  faults: FaultQueue;
  log: LoggedRequest[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

type Parsed = { value: unknown; invalidJson?: boolean };

function parseBody(contentType: string, raw: Buffer): Parsed {
  if (raw.length === 0) return { value: undefined };
  const type = contentType.split(";")[0].trim().toLowerCase();
  const text = raw.toString("utf8");
  if (type === "application/json" || type.endsWith("+json")) {
    try {
      return { value: JSON.parse(text) as unknown };
    } catch {
      return { value: undefined, invalidJson: true };
    }
  }
  if (type === "application/x-www-form-urlencoded") return { value: parseNestedQuery(text) };
  if (type === "multipart/form-data") return { value: parseMultipart(contentType, raw) };
  // Workhorse hands a raw upload body (PUT --upload-file) to GitLab as the `file` param.
  if (type === "application/octet-stream") return { value: { file: { filename: null, type, bytes: raw } } };
  return { value: undefined };
}

/** Rack's multipart parser, enough for uploads: text fields as strings, files as {filename, type, bytes}. */
function parseMultipart(contentType: string, raw: Buffer): Record<string, unknown> | undefined {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return undefined;
  const out: Record<string, unknown> = {};
  const delimiter = Buffer.from(`--${boundary}`);
  let at = raw.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (raw.subarray(start, start + 2).toString() === "--") break;
    const next = raw.indexOf(delimiter, start);
    if (next < 0) break;
    const part = raw.subarray(start + 2, next - 2);
    const split = part.indexOf("\r\n\r\n");
    const head = part.subarray(0, split).toString("utf8");
    const bytes = part.subarray(split + 4);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    const partType = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
    if (name !== undefined) out[name] = filename !== undefined ? { filename: decodeURIComponent(filename), type: partType ?? "application/octet-stream", bytes: Buffer.from(bytes) } : bytes.toString("utf8");
    at = next;
  }
  return out;
}

function lowerHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  }
  return out;
}

function decodePath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const base: Record<string, string> = {
    "cache-control": "no-cache",
    "x-content-type-options": "nosniff",
    "x-frame-options": "SAMEORIGIN",
    vary: "Origin",
    "x-request-id": randomBytes(13).toString("hex").toUpperCase(),
  };
  // Bytes (an artifact) and streams (a job log made while it is sent) go out as they are.
  if (body instanceof Readable || Buffer.isBuffer(body)) {
    res.writeHead(status, { ...base, ...(Buffer.isBuffer(body) ? { "content-type": "application/octet-stream" } : {}), ...headers });
    if (Buffer.isBuffer(body)) res.end(body);
    else {
      res.on("close", () => body.destroy());
      body.pipe(res);
    }
    return;
  }
  let payload: string | Buffer = "";
  if (status !== 204 && status !== 304 && body !== undefined) {
    if (Buffer.isBuffer(body)) {
      // Raw file, blob and archive bodies (restFiles.ts): bytes as they are.
      payload = body;
      base["content-type"] = "application/octet-stream";
    } else if (typeof body === "string") {
      payload = body;
      base["content-type"] = "text/plain; charset=utf-8";
    } else {
      payload = JSON.stringify(body);
      base["content-type"] = "application/json";
    }
  }
  const all = { ...base, ...headers };
  if (payload.length > 0) all["content-length"] = String(Buffer.byteLength(payload));
  res.writeHead(status, all);
  res.end(payload);
}

function faultAnswer(res: ServerResponse, fault: Fault): void {
  const status = fault.status as number;
  const body = fault.body === undefined ? defaultStatusBody(status) : fault.body;
  send(res, status, body, fault.headers ?? {});
}

export function startServer(deps: ServerDeps, tls?: { key: string; cert: string }): Server {
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(deps, req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, { message: "500 Internal Server Error", simulatorError: String(e) });
    });
  };
  const server = tls ? createHttpsServer(tls, listener) : createServer(listener);
  server.keepAliveTimeout = 1000;
  return server;
}

async function handle(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? "GET").toUpperCase();
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const rawPath = q < 0 ? url : url.slice(0, q);
  const rawQuery = q < 0 ? "" : url.slice(q + 1);
  const headers = lowerHeaders(req);
  const parsed = parseBody(headers["content-type"] ?? "", await readBody(req));
  const entry: LoggedRequest = {
    method,
    path: decodePath(rawPath),
    rawPath,
    query: flatQuery(rawQuery),
    headers,
    body: parsed.value,
    status: 0,
  };
  deps.log.push(entry);
  res.on("finish", () => {
    entry.status = res.statusCode;
  });
  res.on("close", () => {
    if (!res.writableFinished) entry.clientClosed = true;
  });

  const queryParams = parseNestedQuery(rawQuery);
  const isGraphql = rawPath === "/api/graphql";
  if (isGraphql) entry.graphql = graphqlSummary(method === "GET" ? queryParams : parsed.value);

  const fault = deps.faults.take(method, rawPath);
  if (fault?.delayMs) await sleep(fault.delayMs);
  if (fault?.reset) {
    req.socket.destroy();
    return;
  }
  if (fault && fault.status !== undefined) {
    faultAnswer(res, fault);
    return;
  }
  const extraHeaders = fault?.headers ?? {};

  if (isGraphql) {
    if (method !== "GET" && method !== "POST") return send(res, 404, "Not Found", extraHeaders);
    const answer = handleGraphql({ method, body: parsed.value, params: queryParams, headers: req.headers, state: deps.state, options: deps.options });
    return send(res, answer.status, answer.body, extraHeaders);
  }
  for (const web of rawPath.startsWith("/api/") ? [] : deps.router.web) {
    const answer = web({ method, rawPath, params: { ...queryParams, ...(parsed.value && typeof parsed.value === "object" ? (parsed.value as ParamMap) : {}) }, headers: req.headers, origin: `http://${headers.host ?? "127.0.0.1"}`, state: deps.state, options: deps.options });
    if (answer) return send(res, answer.status, answer.body, { ...(answer.headers ?? {}), ...extraHeaders });
  }
  if (rawPath !== "/api/v4" && !rawPath.startsWith("/api/v4/")) {
    return send(res, 404, rawPath.startsWith("/api/") ? routeNotFound().body : "Not Found", extraHeaders);
  }
  const bodyParams = parsed.value && typeof parsed.value === "object" && !Array.isArray(parsed.value) ? (parsed.value as ParamMap) : {};
  const params: ParamMap = { ...queryParams, ...bodyParams };
  try {
    const match = deps.router.match(method, rawPath.slice("/api/v4".length));
    // Grape::Exceptions::InvalidMessageBody (raised by the matched endpoint's formatter,
    // before its filters), rendered by API::API's rescue_from Grape::Exceptions::Base.
    if (parsed.invalidJson) throw new ApiError(400, { error: "message body does not match declared format" });
    const auth = authenticateRest(deps.state, req.headers, params, method, match.scopes);
    if (auth.kind === "user") {
      enforceRest(deps.state, auth.token, auth.user, method, rawPath.slice("/api/v4".length), params, deps.options.fineGrained);
    }
    const result = match.handler({
      method,
      rawPath,
      route: match.route,
      // Grape merges the routing args over the query and body params.
      params: { ...params, ...match.route },
      headers: req.headers,
      origin: `http://${headers.host ?? "127.0.0.1"}`,
      auth,
      state: deps.state,
      options: deps.options,
    });
    send(res, result.status, result.body, { ...(result.headers ?? {}), ...extraHeaders });
  } catch (e) {
    if (e instanceof ApiError) return send(res, e.status, e.body, { ...e.headers, ...extraHeaders });
    throw e;
  }
}

function graphqlSummary(payload: unknown): LoggedRequest["graphql"] {
  const first = Array.isArray(payload) ? payload[0] : payload;
  if (!first || typeof first !== "object") return undefined;
  const p = first as Record<string, ParamValue | undefined>;
  if (typeof p.query !== "string") return undefined;
  let variables: Record<string, unknown> = {};
  if (typeof p.variables === "string") {
    try {
      variables = JSON.parse(p.variables) as Record<string, unknown>;
    } catch {
      variables = {};
    }
  } else if (p.variables && typeof p.variables === "object") {
    variables = p.variables as Record<string, unknown>;
  }
  const out: NonNullable<LoggedRequest["graphql"]> = { query: p.query, variables };
  if (typeof p.operationName === "string") out.operationName = p.operationName;
  return out;
}
