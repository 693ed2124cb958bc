// One HTTP exchange with GitLab on Node's own http/https modules, through the proxy the environment
// names (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, §8.2) and with the operator's TLS settings. Not the global
// fetch: Node 20 loads its fetch implementation on first use, which costs ~60 ms before the first
// answer and sat on the start-up path (the token-scope check precedes the first tools/list; issue 5
// budget). Connections are kept alive per origin; redirects are not followed (a redirect from an API
// endpoint is an answer to report, not to chase with the token); gzip and deflate bodies are decoded.
import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from "node:http";
import type { Socket } from "node:net";
import * as http from "node:http";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

// TLS and zlib are loaded when first needed: a session against an http:// instance, or one whose
// answers are not compressed, never pays for them.
const load = createRequire(import.meta.url);
const https = (): typeof import("node:https") => load("node:https") as typeof import("node:https");
const tls = (): typeof import("node:tls") => load("node:tls") as typeof import("node:tls");
const zlib = (): typeof import("node:zlib") => load("node:zlib") as typeof import("node:zlib");

/** The response headers a caller reads: the part of fetch's Headers this server uses. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** Header names as Node gives them (lower case); repeated headers are joined as fetch joins them. */
export class ResponseHeaders implements HeaderReader {
  constructor(private readonly raw: Readonly<Record<string, string | string[] | undefined>>) {}

  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    if (v === undefined) return null;
    return Array.isArray(v) ? v.join(", ") : v;
  }
}

export interface HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
  readonly signal?: AbortSignal;
  /**
   * Takes a successful (2xx) body chunk by chunk, decoded, instead of keeping it: for answers too large to
   * hold, such as a job log. Returning false stops reading (the connection is closed). Other statuses are
   * read whole, so their error bodies stay readable.
   */
  readonly sink?: (chunk: Buffer) => boolean;
}

/** How to reach GitLab: the operator's TLS settings (§8.2). */
export interface Connection {
  /** GITLAB_MCP_SKIP_TLS_VERIFY. */
  readonly skipTlsVerify?: boolean;
  /** PEM certificates to trust besides Node's own roots (GITLAB_MCP_CA_FILE, SSL_CERT_FILE). */
  readonly extraCa?: string;
}

/** A failure of the proxy rather than of GitLab: the proxy could not be reached (ERR-10). */
export class ProxyError extends Error {
  constructor(readonly code: string) {
    super(`proxy ${code}`);
  }
}

export interface HttpAnswer {
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly text: string;
  /** The body's length in bytes, after decoding (for a streamed answer, the bytes given to the sink). */
  readonly bytes: number;
  /** The body as bytes, for binary answers (empty when streamed). */
  readonly raw: Buffer;
  /** A streamed answer whose sink stopped reading before its end. */
  readonly stopped?: boolean;
}

/** How long an idle kept-alive connection is kept: shorter than the idle timeouts of GitLab's proxies,
 * so a request is not written into a connection the far end is closing. */
const IDLE_SOCKET_MS = 4000;

const agents = new Map<string, Agent>();

/** A kept-alive agent for direct connections. */
function directAgent(protocol: string): Agent {
  let agent = agents.get(protocol);
  if (!agent) {
    const Base = protocol === "https:" ? https().Agent : http.Agent;
    // Node's documented overridable agent methods, missing from its type definitions.
    const base = Base.prototype as unknown as { keepSocketAlive(s: Socket): boolean; reuseSocket(s: Socket, r: ClientRequest): void };
    agent = new (class extends Base {
      // Node's agent closes a free socket when its timeout fires; the timeout applies only while idle.
      keepSocketAlive(socket: Socket): boolean {
        const kept = base.keepSocketAlive.call(this, socket);
        if (kept) socket.setTimeout(IDLE_SOCKET_MS);
        return kept;
      }
      reuseSocket(socket: Socket, req: ClientRequest): void {
        socket.setTimeout(0);
        base.reuseSocket.call(this, socket, req);
      }
    })({ keepAlive: true, maxSockets: 16, maxFreeSockets: 4 });
    agents.set(protocol, agent);
  }
  return agent;
}

/**
 * The agent for a URL: through the proxy the environment names for it, if any (proxy-from-env reads
 * HTTPS_PROXY / HTTP_PROXY / NO_PROXY in either case, at each request), else direct. An https target
 * is reached through a CONNECT tunnel, an http one by asking the proxy for the absolute URL. The proxy
 * libraries load only when a proxy is in use.
 */
let proxyFromEnv: typeof import("proxy-from-env") | undefined;
async function agentFor(url: URL): Promise<{ agent: Agent; proxied: boolean }> {
  proxyFromEnv ??= await import("proxy-from-env");
  const proxy = proxyFromEnv.getProxyForUrl(url.href);
  if (!proxy) return { agent: directAgent(url.protocol), proxied: false };
  const key = `${url.protocol}${proxy}`;
  let agent = agents.get(key);
  if (!agent) {
    if (url.protocol === "https:") {
      const { HttpsProxyAgent } = await import("https-proxy-agent");
      agent = new HttpsProxyAgent(proxy, { keepAlive: true, maxSockets: 16, maxFreeSockets: 4 });
    } else {
      const { HttpProxyAgent } = await import("http-proxy-agent");
      agent = new HttpProxyAgent(proxy, { keepAlive: true, maxSockets: 16, maxFreeSockets: 4 });
    }
    agents.set(key, agent);
  }
  return { agent, proxied: true };
}

/** Node's trusted roots plus NODE_EXTRA_CA_CERTS plus the operator's bundle: an explicit CA list replaces Node's. */
let trusted: { pem: string; ca: string[] } | undefined;
function trustedCa(extra: string): string[] {
  if (trusted?.pem !== extra) {
    const nodeExtra = process.env.NODE_EXTRA_CA_CERTS;
    let fromNode: string[] = [];
    if (nodeExtra) {
      try {
        fromNode = [readFileSync(nodeExtra, "utf8")];
      } catch {
        // Node itself warns about an unreadable NODE_EXTRA_CA_CERTS at start.
      }
    }
    trusted = { pem: extra, ca: [...tls().rootCertificates, ...fromNode, extra] };
  }
  return trusted.ca;
}

/** Sends one request and reads the whole answer as text. Rejects with Node's socket error (code kept). */
export async function send(request: HttpRequest, connection: Connection = {}): Promise<HttpAnswer> {
  const url = new URL(request.url);
  const headers: Record<string, string> = { "accept-encoding": "gzip, deflate", ...request.headers };
  if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
  const { agent, proxied } = await agentFor(url);
  // The path as built, not as URL parsing would normalise it: what the route check saw is what is sent.
  const path = request.url.startsWith(url.origin) ? request.url.slice(url.origin.length) || "/" : `${url.pathname}${url.search}`;
  const options: RequestOptions & { rejectUnauthorized?: boolean; ca?: string[] } = { method: request.method, headers, agent, signal: request.signal, path };
  if (url.protocol === "https:") {
    // On the request, not the agent: the proxy agents take the target's TLS options from here too.
    if (connection.skipTlsVerify) options.rejectUnauthorized = false;
    if (connection.extraCa) options.ca = trustedCa(connection.extraCa);
  }
  const lib = url.protocol === "https:" ? https() : http;
  return new Promise<HttpAnswer>((resolve, reject) => {
    const req = lib.request(url, options, (res) => {
      const status = res.statusCode ?? 0;
      const headers = new ResponseHeaders(res.headers);
      if (request.sink && status >= 200 && status < 300) {
        streamBody(res, request.sink).then(({ bytes, stopped }) => resolve({ status, headers, text: "", bytes, raw: Buffer.alloc(0), stopped }), reject);
        return;
      }
      readBody(res).then((body) => resolve({ status, headers, text: body.toString("utf8"), bytes: body.length, raw: body }), reject);
    });
    req.on("error", (e: Error & { code?: string }) => {
      // A proxy that cannot be reached is not GitLab being down (ERR-10).
      const code = e.code ?? "";
      reject(proxied && !req.reusedSocket && ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH"].includes(code) ? new ProxyError(code) : e);
    });
    req.end(request.body);
  });
}

function decoded(res: IncomingMessage): NodeJS.ReadableStream & { destroy?: () => void } {
  const encoding = String(res.headers["content-encoding"] ?? "").trim().toLowerCase();
  return encoding === "gzip" || encoding === "x-gzip" ? res.pipe(zlib().createGunzip()) : encoding === "deflate" ? res.pipe(zlib().createInflate()) : res;
}

/** Gives each decoded chunk to the sink until the end or until the sink returns false (then the socket is closed). */
function streamBody(res: IncomingMessage, sink: (chunk: Buffer) => boolean): Promise<{ bytes: number; stopped: boolean }> {
  const stream = decoded(res);
  return new Promise((resolve, reject) => {
    let bytes = 0;
    let done = false;
    stream.on("data", (c: Buffer) => {
      if (done) return;
      bytes += c.length;
      if (sink(c) === false) {
        done = true;
        res.destroy();
        resolve({ bytes, stopped: true });
      }
    });
    stream.on("end", () => {
      if (!done) resolve({ bytes, stopped: false });
      done = true;
    });
    stream.on("error", (e) => (done ? undefined : reject(e)));
    if (stream !== res) res.on("error", (e) => (done ? undefined : reject(e)));
    res.on("aborted", () => (done ? undefined : reject(Object.assign(new Error("response aborted"), { code: "ECONNRESET" }))));
  });
}

function readBody(res: IncomingMessage): Promise<Buffer> {
  const stream = decoded(res);
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
    if (stream !== res) res.on("error", reject);
    res.on("aborted", () => reject(Object.assign(new Error("response aborted"), { code: "ECONNRESET" })));
  });
}
