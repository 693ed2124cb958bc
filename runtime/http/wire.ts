// The plumbing of the HTTP door: JSON-RPC refusals, request bodies, Node's request and response to the
// web Request and Response the SDK's handler takes, and the requests in flight a 2025-era
// notifications/cancelled may name.
import type { IncomingMessage, ServerResponse } from "node:http";

export function jsonRpcError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

/** The host part of a Host header, without its port. */
export function hostName(header: string | undefined): string {
  const h = (header ?? "").trim().toLowerCase();
  return h.startsWith("[") ? h.slice(0, h.indexOf("]") + 1) : h.replace(/:\d+$/, "");
}

export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function splitAddr(addr: string): [string, string] {
  const i = addr.lastIndexOf(":");
  if (i <= 0) throw new Error(`--http-addr ${addr} is not HOST:PORT`);
  return [addr.slice(0, i).replace(/^\[|\]$/g, ""), addr.slice(i + 1)];
}

/**
 * The requests in flight in this process, so a 2025-era notifications/cancelled, which arrives in a POST
 * of its own, can abort the request it names (RES-11). Stateless HTTP has no session to scope a request
 * ID, so it is looked up among the same credential's requests, and acted on only when exactly one
 * matches: two clients of one user may both have a request 3 in flight, and cancelling the wrong one
 * would lose work. A cancellation that reaches another replica finds nothing; the request then runs to
 * its end, which is what a client must expect of any cancellation that crosses a result on the way.
 */
export const pending = {
  requests: new Map<string, Set<AbortController>>(),
  /** Registers a request or, for a cancellation, aborts what it names; returns the clean-up. */
  track(credential: string, message: ReturnType<typeof parseMessage>, controller: AbortController): () => void {
    if (message?.method === "notifications/cancelled") {
      const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
      const matches = id === undefined ? undefined : this.requests.get(`${credential}\0${JSON.stringify(id)}`);
      if (matches?.size === 1) for (const c of matches) c.abort();
      return () => undefined;
    }
    if (message?.id === undefined || typeof message.method !== "string") return () => undefined;
    const key = `${credential}\0${JSON.stringify(message.id)}`;
    const set = this.requests.get(key) ?? new Set<AbortController>();
    set.add(controller);
    this.requests.set(key, set);
    return () => {
      set.delete(controller);
      if (set.size === 0) this.requests.delete(key);
    };
  },
};

export function parseMessage(body: Buffer): { id?: unknown; method?: unknown; params?: unknown } | undefined {
  try {
    const value = JSON.parse(body.toString("utf8")) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as { id?: unknown; method?: unknown; params?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}

/** The request body, or undefined past the limit (a chunked body has no Content-Length to check first). */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function webHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** Copies the SDK's web Response to Node's, streaming the body as it comes (SSE frames are flushed one by one). */
export async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === "set-cookie" ? response.headers.getSetCookie() : value;
  });
  // HTTP-6: a proxy must not hold back a stream of events.
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) headers["x-accel-buffering"] = "no";
  res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (res.destroyed) break;
      res.write(chunk);
    }
  } finally {
    res.end();
  }
}
