// One HTTP exchange with GitLab on Node's own http/https modules. Not the global fetch: Node 20 loads
// its fetch implementation on first use, which costs ~60 ms before the first answer and sat on the
// start-up path (the token-scope check precedes the first tools/list; issue 5 budget). Connections
// are kept alive per origin; redirects are not followed (a redirect from an API endpoint is an
// answer to report, not to chase with the token); gzip and deflate bodies are decoded.
import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from "node:http";
import type { Socket } from "node:net";
import * as http from "node:http";
import { createRequire } from "node:module";

// TLS and zlib are loaded when first needed: a session against an http:// instance, or one whose
// answers are not compressed, never pays for them.
const load = createRequire(import.meta.url);
const https = (): typeof import("node:https") => load("node:https") as typeof import("node:https");
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
  readonly body?: string;
  readonly signal?: AbortSignal;
}

export interface HttpAnswer {
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly text: string;
  /** The body's length in bytes, after decoding. */
  readonly bytes: number;
}

/** How long an idle kept-alive connection is kept: shorter than the idle timeouts of GitLab's proxies,
 * so a request is not written into a connection the far end is closing. */
const IDLE_SOCKET_MS = 4000;

const agents = new Map<string, Agent>();

function agentFor(url: URL): Agent {
  let agent = agents.get(url.protocol);
  if (!agent) {
    const Base = url.protocol === "https:" ? https().Agent : http.Agent;
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
    agents.set(url.protocol, agent);
  }
  return agent;
}

/** Sends one request and reads the whole answer as text. Rejects with Node's socket error (code kept). */
export function send(request: HttpRequest): Promise<HttpAnswer> {
  const url = new URL(request.url);
  const headers: Record<string, string> = { "accept-encoding": "gzip, deflate", ...request.headers };
  if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
  const options: RequestOptions = { method: request.method, headers, agent: agentFor(url), signal: request.signal };
  const lib = url.protocol === "https:" ? https() : http;
  return new Promise<HttpAnswer>((resolve, reject) => {
    const req = lib.request(url, options, (res) => {
      readBody(res).then((body) => resolve({ status: res.statusCode ?? 0, headers: new ResponseHeaders(res.headers), text: body.toString("utf8"), bytes: body.length }), reject);
    });
    req.on("error", reject);
    req.end(request.body);
  });
}

function readBody(res: IncomingMessage): Promise<Buffer> {
  const encoding = String(res.headers["content-encoding"] ?? "").trim().toLowerCase();
  const stream = encoding === "gzip" || encoding === "x-gzip" ? res.pipe(zlib().createGunzip()) : encoding === "deflate" ? res.pipe(zlib().createInflate()) : res;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
    if (stream !== res) res.on("error", reject);
    res.on("aborted", () => reject(Object.assign(new Error("response aborted"), { code: "ECONNRESET" })));
  });
}
