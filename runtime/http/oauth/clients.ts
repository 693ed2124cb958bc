// Client registration (RFC 7591) and client authentication for the authorization proxy, with the small
// HTTP helpers its endpoints share. A registration keeps the client's redirect URIs and, for a
// confidential client, only the SHA-256 of the secret it was given.
import type { IncomingMessage, ServerResponse } from "node:http";
import { digest, newSecret, sameDigest } from "./store.js";
import { isLoopbackHost } from "./settings.js";

/** What is kept of a registered client. */
export interface ClientRecord {
  readonly client_id: string;
  readonly client_name?: string;
  readonly redirect_uris: readonly string[];
  readonly token_endpoint_auth_method: "none" | "client_secret_post" | "client_secret_basic";
  readonly secret_sha256?: string;
  readonly issued_at: number;
}

/** How long a registration is kept. */
const REGISTRATION_TTL_MS = 90 * 24 * 3_600_000;
const MAX_BODY = 64 * 1024;
const METHODS = new Set(["none", "client_secret_post", "client_secret_basic"]);

/** One redirect URI a client may register: https, loopback http (RFC 8252 §7.3), or a private-use scheme (§7.1). */
function redirectProblem(uri: unknown): string | undefined {
  if (typeof uri !== "string" || !URL.canParse(uri)) return "is not an absolute URI";
  const url = new URL(uri);
  if (url.hash || uri.includes("#")) return "has a fragment";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:") return isLoopbackHost(url.hostname) ? undefined : "uses http on a host other than a loopback address (127.0.0.1, [::1], localhost)";
  return /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol) ? undefined : "uses a scheme that is neither https, loopback http, nor a reverse-domain private-use scheme";
}

/** Validates client metadata and builds the registration; the secret is returned once, never kept. */
export function registerClient(body: unknown, issuer: string): { record: ClientRecord; response: Record<string, unknown>; secret?: string; ttlMs: number } | { error: string; error_description: string } {
  const meta = body as { redirect_uris?: unknown; token_endpoint_auth_method?: unknown; grant_types?: unknown; response_types?: unknown; client_name?: unknown };
  if (!meta || typeof meta !== "object" || Array.isArray(meta)) return { error: "invalid_client_metadata", error_description: "The body must be a JSON object of client metadata" };
  if (!Array.isArray(meta.redirect_uris) || meta.redirect_uris.length === 0 || meta.redirect_uris.length > 10) {
    return { error: "invalid_redirect_uri", error_description: "redirect_uris must list 1 to 10 redirect URIs" };
  }
  for (const uri of meta.redirect_uris as unknown[]) {
    const problem = redirectProblem(uri);
    if (problem) return { error: "invalid_redirect_uri", error_description: `redirect_uris entry ${JSON.stringify(uri)} ${problem}` };
  }
  const method = meta.token_endpoint_auth_method ?? "none";
  if (typeof method !== "string" || !METHODS.has(method)) return { error: "invalid_client_metadata", error_description: "token_endpoint_auth_method must be none, client_secret_post or client_secret_basic" };
  const grants = (meta.grant_types ?? ["authorization_code", "refresh_token"]) as unknown[];
  if (!Array.isArray(grants) || grants.some((g) => g !== "authorization_code" && g !== "refresh_token")) {
    return { error: "invalid_client_metadata", error_description: "grant_types may hold only authorization_code and refresh_token" };
  }
  const responses = (meta.response_types ?? ["code"]) as unknown[];
  if (!Array.isArray(responses) || responses.some((r) => r !== "code")) return { error: "invalid_client_metadata", error_description: "response_types may hold only code" };
  const name = typeof meta.client_name === "string" ? meta.client_name.slice(0, 200) : undefined;
  const clientId = newSecret("gmcp-client-").slice(0, 40);
  const secret = method === "none" ? undefined : newSecret("gmcs_");
  const issuedAt = Math.floor(Date.now() / 1000);
  const record: ClientRecord = {
    client_id: clientId,
    ...(name !== undefined ? { client_name: name } : {}),
    redirect_uris: meta.redirect_uris as string[],
    token_endpoint_auth_method: method as ClientRecord["token_endpoint_auth_method"],
    ...(secret ? { secret_sha256: digest(secret) } : {}),
    issued_at: issuedAt,
  };
  const response = {
    ...(body as Record<string, unknown>),
    client_id: clientId,
    client_id_issued_at: issuedAt,
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    redirect_uris: record.redirect_uris,
    token_endpoint_auth_method: method,
    grant_types: grants,
    response_types: ["code"],
    issuer,
  };
  return { record, response, ...(secret ? { secret } : {}), ttlMs: REGISTRATION_TTL_MS };
}

/** RFC 8252 §7.3: exact match, except that a loopback http URI may come back on any port. */
export function matchesRedirect(registered: readonly string[], asked: string): boolean {
  if (!asked) return false;
  if (registered.includes(asked)) return true;
  if (!URL.canParse(asked)) return false;
  const a = new URL(asked);
  if (a.protocol !== "http:" || !isLoopbackHost(a.hostname)) return false;
  return registered.some((r) => {
    const u = new URL(r);
    return u.protocol === "http:" && u.hostname === a.hostname && u.pathname === a.pathname && u.search === a.search;
  });
}

/**
 * Token-endpoint client authentication: client_secret_basic or _post for confidential clients, the
 * client_id alone for public ones (whose PKCE proves the rest).
 */
export async function authenticateClient(
  form: URLSearchParams,
  authorization: string | undefined,
  clientOf: (id: string) => Promise<ClientRecord | undefined>,
): Promise<ClientRecord | undefined> {
  let id = form.get("client_id") ?? "";
  let secret = form.get("client_secret") ?? undefined;
  const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? "");
  if (basic) {
    const decoded = Buffer.from(basic[1], "base64").toString("utf8");
    const i = decoded.indexOf(":");
    if (i < 0) return undefined;
    id = decodeURIComponent(decoded.slice(0, i));
    secret = decodeURIComponent(decoded.slice(i + 1));
  }
  const client = await clientOf(id);
  if (!client) return undefined;
  if (client.token_endpoint_auth_method === "none") return client;
  return secret !== undefined && client.secret_sha256 !== undefined && sameDigest(digest(secret), client.secret_sha256) ? client : undefined;
}

/** An OAuth JSON answer, never cached. */
export function oauthJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", pragma: "no-cache", ...headers }).end(JSON.stringify(body));
}

/** A 302 to `target` with these query parameters added. */
export function redirectTo(res: ServerResponse, target: string, params: Record<string, string>): void {
  const url = new URL(target);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  res.writeHead(302, { location: String(url), "cache-control": "no-store" }).end();
}

/** A plain page for a person whose browser cannot be sent back to the client safely. */
export function refusePage(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end(`${message}\n`);
}

async function readText(req: IncomingMessage): Promise<string | undefined> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers["content-type"] ?? "")) return undefined;
  const text = await readText(req);
  return text === undefined ? undefined : new URLSearchParams(text);
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readText(req);
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}
