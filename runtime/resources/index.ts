// Resources (§7): gitlab://tools and gitlab://tools/{id} on every surface and capability surface (MAN-1);
// with the full capability surface (RPC-1) also the data resources of §7.2 and §7.3, read through the
// catalog's own actions (RPC-2), and the guides. No subscriptions (RPC-8): resources/subscribe stays an
// unknown method.
import { ProtocolError, ResourceNotFoundError, type Resource, type ResourceTemplateType } from "@modelcontextprotocol/server";
import type { Feature } from "../features.js";
import type { SessionView } from "../policy/view.js";
import { RATE_LIMITED, rateLimitText } from "../ratelimit.js";
import { CATALOG_URI, catalogDocument, catalogResource, detailDocument, detailTemplate } from "./catalog.js";
import { GUIDE_PREFIX, guideResources, readGuide } from "./guides.js";
import { readData } from "./read.js";
import { FIXED, matchUri, TEMPLATES, type DataResource } from "./table.js";

/** A data resource is listed when its action is routable and advertised for this session (RPC-2). */
const listed = (view: SessionView, r: DataResource) => view.routable.byId.has(r.action);

const asResource = (r: DataResource): Resource => ({ uri: r.uri, name: r.name, title: r.title, description: r.description, mimeType: "application/json" });
const asTemplate = (r: DataResource): ResourceTemplateType => ({ uriTemplate: r.uri, name: r.name, title: r.title, description: r.description, mimeType: "application/json" });

export const catalogResources: Feature = {
  capabilities: () => ({ resources: {} }),
  install(server, session) {
    const { config, log } = session;
    const full = config.capabilitySurface !== "minimal";
    server.setRequestHandler("resources/list", async () => {
      const { view } = await session.surfaceNow();
      const data = full ? FIXED.filter((r) => listed(view, r)).map(asResource) : [];
      return { resources: [...data.slice(0, 1), catalogResource, ...data.slice(1), ...(full ? guideResources : [])] };
    });
    server.setRequestHandler("resources/templates/list", async () => {
      const { view } = await session.surfaceNow();
      return { resourceTemplates: [...(full ? TEMPLATES.filter((r) => listed(view, r)).map(asTemplate) : []), detailTemplate] };
    });
    server.setRequestHandler("resources/read", async (request, extra) => {
      if (!(await session.allowed("call", "resources/read"))) throw new ProtocolError(RATE_LIMITED, rateLimitText("resources/read"));
      const { view, surface } = await session.surfaceNow();
      const uri = request.params.uri;
      if (uri === CATALOG_URI || uri.startsWith(`${CATALOG_URI}/`)) {
        const doc = uri === CATALOG_URI ? catalogDocument(config.surface, view, surface.tools) : await detailDocument(config.surface, view, uri, log);
        return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(doc, null, 2) }] };
      }
      if (!full) throw new ResourceNotFoundError(uri);
      if (uri.startsWith(GUIDE_PREFIX)) return readGuide(uri);
      const match = matchUri(uri);
      if (!match) throw new ResourceNotFoundError(uri);
      // RES-9: a read runs under the action deadline too.
      const deadline = new AbortController();
      const timer = config.actionTimeoutMs > 0 ? setTimeout(() => deadline.abort(new DOMException("The action deadline passed", "TimeoutError")), config.actionTimeoutMs) : undefined;
      try {
        return await readData(uri, match, session, view, AbortSignal.any([extra.mcpReq.signal, deadline.signal]));
      } finally {
        clearTimeout(timer);
      }
    });
  },
};
