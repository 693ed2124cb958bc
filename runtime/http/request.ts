// What the HTTP door reads from a request before any session exists: the credential (HTTP-8), the
// client's address (HTTP-24) and the GitLab instance it asks for (HTTP-15, HTTP-16).
import type { IncomingMessage } from "node:http";
import { instanceRoot } from "../gitlab/client.js";

/** HTTP-8: PRIVATE-TOKEN wins over Authorization: Bearer. */
export function credential(req: IncomingMessage): string | undefined {
  const priv = req.headers["private-token"];
  if (typeof priv === "string" && priv.trim()) return priv.trim();
  const auth = req.headers.authorization;
  const m = typeof auth === "string" ? /^Bearer\s+(.+)$/i.exec(auth) : null;
  return m ? m[1].trim() : undefined;
}

const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");

/**
 * HTTP-24: the socket peer, unless the peer is a trusted proxy and the operator named the header it
 * sets; then the header's addresses are read from the right, skipping trusted proxies, and the first
 * other one is the client. A header made only of trusted proxies leaves the last of them.
 */
export function clientAddress(req: IncomingMessage, trusted: ReadonlySet<string>, header: string | undefined): string {
  const peer = plain(req.socket.remoteAddress ?? "unknown");
  if (!header || !trusted.has(peer)) return peer;
  const raw = req.headers[header];
  const hops = (Array.isArray(raw) ? raw.join(",") : (raw ?? ""))
    .split(",")
    .map((s) => plain(s.trim()))
    .filter((s) => s !== "");
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    client = hops[i];
    if (!trusted.has(client)) break;
  }
  return client;
}

/** HTTP-16: the canonical form of an instance URL, or undefined when it is not an http(s) URL. */
export function canonicalInstance(url: string): string | undefined {
  try {
    return instanceRoot(url.trim());
  } catch {
    return undefined;
  }
}

/** The instance a request is served by, or the 400 to answer (HTTP-15). */
export type Selection = { instance: string; ignoredHeader: boolean } | { refusal: string };

/** HTTP-15: one published instance ignores GITLAB-URL; several require it and accept only theirs. */
export function selectInstance(req: IncomingMessage, published: readonly string[]): Selection {
  const raw = req.headers["gitlab-url"];
  const asked = typeof raw === "string" && raw.trim() !== "" ? raw : undefined;
  if (published.length === 1) return { instance: published[0], ignoredHeader: asked !== undefined };
  if (asked === undefined) return { refusal: `GITLAB-URL header required: this server publishes ${published.length} GitLab instances (${published.join(", ")}); name one.` };
  const instance = canonicalInstance(asked);
  // An unpublished instance is refused before anything is sent to it, so a client cannot make this
  // server carry its token, or anyone's, elsewhere.
  if (instance === undefined || !published.includes(instance)) return { refusal: `GITLAB-URL names an instance this server does not publish: use one of ${published.join(", ")}.` };
  return { instance, ignoredHeader: false };
}
