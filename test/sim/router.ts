// REST routing for /api/v4, mirroring Grape's behaviour in GitLab:
// - path params match one raw path segment ([^/]+, GitLab's
//   NO_SLASH_URL_PART_REGEX) and are percent-decoded as Rails does, so
//   `group%2Fproject` is the project `group/project` and `feature%2Flogin` the
//   branch `feature/login`; an unencoded slash therefore never matches.
// - a known path with another method answers 405 {"error":"405 Not Allowed"};
// - anything else hits API::API's catch-all: 404 {"error":"404 Not Found"}.
import type { Auth, ScopePolicy } from "./auth.js";
import { methodNotAllowed, routeNotFound } from "./errors.js";
import type { LinkContext } from "./pagination.js";
import type { ParamMap, ParamValue } from "./params.js";
import type { FineGrainedTables } from "./fineGrained.js";
import type { SimState } from "./state.js";

export interface ResolvedOptions {
  externalUrl: string;
  /** Reported by /version and /metadata; sim.setVersion changes it. */
  version: string;
  totalsLimit: number;
  /** "ce": no /license route, namespaces without plans. */
  edition: "ee" | "ce";
  /** The installed license (EE); null = none. */
  license: { plan: string } | null;
  /** GitLab's fine-grained permission tables (fineGrained.ts). */
  fineGrained: FineGrainedTables;
  /** Projects and groups are only marked by DELETE (delayed deletion); false: removed at once. */
  delayedDeletion: boolean;
}

export interface RestContext {
  method: string;
  rawPath: string;
  /** Decoded path params. */
  route: Record<string, string>;
  /** Query and body params merged as Rack does (body wins). */
  params: ParamMap;
  headers: Record<string, string | string[] | undefined>;
  /** scheme://host of the request, for pagination links. */
  origin: string;
  auth: Auth;
  state: SimState;
  options: ResolvedOptions;
}

export interface RestResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: RestContext) => RestResult;

/** A route outside /api/v4 (GitLab's OAuth endpoints, oauth.ts): answers, or undefined to pass. */
export type WebHandler = (ctx: Omit<RestContext, "route" | "auth">) => RestResult | undefined;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  scopes: ScopePolicy;
  handler: Handler;
}

export function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export class Router {
  private readonly routes: Route[] = [];
  /** Routes outside /api/v4, tried in order before the API's 404. */
  readonly web: WebHandler[] = [];

  addWeb(handler: WebHandler): void {
    this.web.push(handler);
  }

  add(method: string, path: string, handler: Handler, scopes: ScopePolicy = "api"): void {
    const keys: string[] = [];
    const source = path
      .split("/")
      .map((seg) => {
        if (seg.startsWith(":")) {
          keys.push(seg.slice(1));
          return "([^/]+)";
        }
        return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("/");
    this.routes.push({ method, pattern: new RegExp(`^${source}$`), keys, scopes, handler });
  }

  /** Finds the route for a path below /api/v4; throws the 404 / 405 answers. */
  match(method: string, path: string): { handler: Handler; scopes: ScopePolicy; route: Record<string, string> } {
    const allowed = new Set<string>();
    const wanted = method === "HEAD" ? ["HEAD", "GET"] : [method];
    for (const m of wanted) {
      for (const r of this.routes) {
        const hit = r.pattern.exec(path);
        if (!hit) continue;
        if (r.method !== m) {
          allowed.add(r.method);
          continue;
        }
        const route: Record<string, string> = {};
        r.keys.forEach((k, i) => (route[k] = decodeSegment(hit[i + 1])));
        return { handler: r.handler, scopes: r.scopes, route };
      }
    }
    if (allowed.size > 0) {
      if (allowed.has("GET")) allowed.add("HEAD");
      throw methodNotAllowed(["OPTIONS", ...allowed]);
    }
    throw routeNotFound();
  }
}

/** Link context holding every request param, as GitLab's header builders use them. */
export function linkContext(ctx: RestContext, declared: ParamMap): LinkContext {
  const params: Record<string, ParamValue> = { ...ctx.params, ...ctx.route, ...declared };
  return { base: `${ctx.origin}${ctx.rawPath}`, params };
}
