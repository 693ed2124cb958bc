// Resources (§7): gitlab://tools and gitlab://tools/{id} on every surface (MAN-1).
import { ProtocolError, ResourceNotFoundError } from "@modelcontextprotocol/server";
import type { Feature } from "../features.js";
import { RATE_LIMITED, rateLimitText } from "../ratelimit.js";
import { CATALOG_URI, catalogDocument, catalogResource, detailDocument, detailTemplate } from "./catalog.js";

export const catalogResources: Feature = {
  capabilities: () => ({ resources: {} }),
  install(server, session) {
    const { config, log } = session;
    server.setRequestHandler("resources/list", async () => (await session.surfaceNow(), { resources: [catalogResource] }));
    server.setRequestHandler("resources/templates/list", async () => (await session.surfaceNow(), { resourceTemplates: [detailTemplate] }));
    server.setRequestHandler("resources/read", async (request) => {
      if (!(await session.allowed("call", "resources/read"))) throw new ProtocolError(RATE_LIMITED, rateLimitText("resources/read"));
      const { view, surface } = await session.surfaceNow();
      const uri = request.params.uri;
      const doc = uri === CATALOG_URI ? catalogDocument(config.surface, view, surface.tools) : uri.startsWith(`${CATALOG_URI}/`) ? await detailDocument(config.surface, view, uri, log) : undefined;
      if (!doc) throw new ResourceNotFoundError(uri);
      return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(doc, null, 2) }] };
    });
  },
};
