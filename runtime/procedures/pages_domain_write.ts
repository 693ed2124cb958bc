// Pages domain create and update (pages_domains.md): the TLS private key is write-only. It is registered
// as a credential before the request (so no log line, error text or result can carry it) and any `key`
// GitLab might echo is dropped from the answer before the card is written.
import { registerSecret } from "../log.js";
import type { Procedure } from "./types.js";

/** The domain without any private-key field, at the top or inside `certificate`. */
function withoutKey(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const { key: _key, ...rest } = body as Record<string, unknown>;
  void _key;
  const cert = rest.certificate;
  if (cert && typeof cert === "object" && !Array.isArray(cert)) {
    const { key: _certKey, ...certRest } = cert as Record<string, unknown>;
    void _certKey;
    rest.certificate = certRest;
  }
  return rest;
}

export const pagesDomainWrite: Procedure = async ({ params, ctx, call, object }) => {
  if (typeof params.key === "string") registerSecret(params.key.trim());
  const answer = await ctx.client.rest(call);
  return object(withoutKey(answer.body), answer.size);
};
