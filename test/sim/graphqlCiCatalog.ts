// The CI/CD Catalog as GitLab's GraphQL API serves it (Query.ciCatalogResources,
// Query.ciCatalogResource; app/graphql/resolvers/ci/catalog/resources_resolver.rb and resource_resolver.rb).
// A fixed, public catalog of three published resources with versions, components and inputs.
// - `search` matches name or description (case-insensitive), `scope` NAMESPACES keeps none of them (they
//   are not in the user's namespaces), `sort` orders; default order is latest release first.
// - `ciCatalogResource(fullPath:)` answers null for a path that is not a published resource.
// Cursors are base64 JSON of the resource id, as GitLab's keyset cursors look.

export interface SimCatalogResource {
  id: string;
  name: string;
  description: string;
  fullPath: string;
  starCount: number;
  last30DayUsageCount: number;
  verificationLevel: string;
  topics: string[];
  createdAt: string;
  versions: { name: string; releasedAt: string; components: { name: string; inputs: { name: string; required: boolean; type: string; default: unknown; description: string }[] }[] }[];
}

const input = (name: string, required: boolean, type: string, def: unknown, description: string) => ({ name, required, type, default: def, description });

export const SIM_CATALOG: readonly SimCatalogResource[] = [
  {
    id: "gid://gitlab/Ci::Catalog::Resource/1",
    name: "SAST",
    description: "Static application security testing components.",
    fullPath: "components/sast",
    starCount: 120,
    last30DayUsageCount: 4500,
    verificationLevel: "GITLAB_MAINTAINED",
    topics: ["security"],
    createdAt: "2024-02-01T10:00:00Z",
    versions: [
      { name: "2.1.0", releasedAt: "2025-05-02T10:00:00Z", components: [{ name: "sast", inputs: [input("stage", false, "string", "test", "Pipeline stage of the job.")] }] },
      { name: "2.0.0", releasedAt: "2025-01-10T10:00:00Z", components: [{ name: "sast", inputs: [] }] },
    ],
  },
  {
    id: "gid://gitlab/Ci::Catalog::Resource/2",
    name: "OpenTofu",
    description: "Plan and apply OpenTofu infrastructure as code.",
    fullPath: "components/opentofu",
    starCount: 80,
    last30DayUsageCount: 900,
    verificationLevel: "GITLAB_MAINTAINED",
    topics: ["iac", "terraform"],
    createdAt: "2024-03-05T10:00:00Z",
    versions: [
      {
        name: "1.4.0",
        releasedAt: "2025-04-20T10:00:00Z",
        components: [
          { name: "full-pipeline", inputs: [input("version", true, "string", null, "OpenTofu version."), input("root_dir", false, "string", ".", "Folder holding the configuration.")] },
          { name: "validate", inputs: [input("version", true, "string", null, "OpenTofu version.")] },
        ],
      },
    ],
  },
  {
    id: "gid://gitlab/Ci::Catalog::Resource/3",
    name: "Docker build",
    description: "Build and push container images with Kaniko or Buildah.",
    fullPath: "acme/ci/docker-build",
    starCount: 5,
    last30DayUsageCount: 42,
    verificationLevel: "UNVERIFIED",
    topics: ["docker"],
    createdAt: "2024-06-01T10:00:00Z",
    versions: [{ name: "0.3.1", releasedAt: "2025-03-03T10:00:00Z", components: [{ name: "build", inputs: [input("image", true, "string", null, "Image name to push.")] }] }],
  },
];

interface Args {
  first?: number | null;
  after?: string | null;
  name?: string | null;
}

const cursor = (id: string) => Buffer.from(JSON.stringify({ id: id.split("/").pop() }), "utf8").toString("base64");

function page<T>(items: T[], args: Args, cursorOf: (t: T) => string) {
  let start = 0;
  if (args.after) {
    const at = items.findIndex((t) => cursorOf(t) === args.after);
    start = at >= 0 ? at + 1 : items.length;
  }
  const first = Math.min(Math.max(args.first ?? 20, 0), 100);
  const slice = items.slice(start, start + first);
  return {
    nodes: slice,
    pageInfo: {
      hasNextPage: start + first < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length > 0 ? cursorOf(slice[0]) : null,
      endCursor: slice.length > 0 ? cursorOf(slice[slice.length - 1]) : null,
    },
  };
}

function resourceNode(r: SimCatalogResource, externalUrl: string) {
  const webPath = `/${r.fullPath}`;
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    icon: null,
    fullPath: r.fullPath,
    webPath,
    starCount: r.starCount,
    last30DayUsageCount: r.last30DayUsageCount,
    archived: false,
    topics: r.topics,
    verificationLevel: r.verificationLevel,
    visibilityLevel: "public",
    latestReleasedAt: r.versions[0]?.releasedAt ?? null,
    versions: (args: Args) => {
      const list = r.versions.filter((v) => !args.name || v.name === args.name);
      const p = page(list, args, (v) => cursor(`${r.id}-${v.name}`));
      return {
        pageInfo: p.pageInfo,
        nodes: p.nodes.map((v) => ({
          id: `gid://gitlab/Ci::Catalog::Resources::Version/${r.id.split("/").pop()}${v.name.replace(/\D/g, "")}`,
          name: v.name,
          createdAt: v.releasedAt,
          releasedAt: v.releasedAt,
          path: `${webPath}/-/tags/${v.name}`,
          components: {
            pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
            nodes: v.components.map((c, i) => ({ id: `${r.id}/component/${i + 1}`, name: c.name, includePath: `${new URL(externalUrl).host}/${r.fullPath}/${c.name}@${v.name}`, inputs: c.inputs })),
          },
        })),
      };
    },
  };
}

const SORTS: Record<string, (a: SimCatalogResource, b: SimCatalogResource) => number> = {
  NAME_ASC: (a, b) => a.name.localeCompare(b.name),
  NAME_DESC: (a, b) => b.name.localeCompare(a.name),
  LATEST_RELEASED_AT_ASC: (a, b) => (a.versions[0]?.releasedAt ?? "").localeCompare(b.versions[0]?.releasedAt ?? ""),
  LATEST_RELEASED_AT_DESC: (a, b) => (b.versions[0]?.releasedAt ?? "").localeCompare(a.versions[0]?.releasedAt ?? ""),
  CREATED_ASC: (a, b) => a.createdAt.localeCompare(b.createdAt),
  CREATED_DESC: (a, b) => b.createdAt.localeCompare(a.createdAt),
  STAR_COUNT_ASC: (a, b) => a.starCount - b.starCount,
  STAR_COUNT_DESC: (a, b) => b.starCount - a.starCount,
  USAGE_COUNT_ASC: (a, b) => a.last30DayUsageCount - b.last30DayUsageCount,
  USAGE_COUNT_DESC: (a, b) => b.last30DayUsageCount - a.last30DayUsageCount,
};

/** The root fields of the CI/CD Catalog. */
export function ciCatalogRoot(externalUrl: string) {
  return {
    ciCatalogResources: (args: Args & { search?: string | null; scope?: string | null; sort?: string | null }) => {
      let list = [...SIM_CATALOG];
      if (args.scope === "NAMESPACES") list = [];
      if (args.search) {
        const q = args.search.toLowerCase();
        list = list.filter((r) => r.name.toLowerCase().includes(q) || r.description.toLowerCase().includes(q));
      }
      list.sort(SORTS[args.sort ?? "LATEST_RELEASED_AT_DESC"] ?? SORTS.LATEST_RELEASED_AT_DESC);
      const p = page(list, args, (r) => cursor(r.id));
      return { count: list.length, pageInfo: p.pageInfo, nodes: p.nodes.map((r) => resourceNode(r, externalUrl)) };
    },
    ciCatalogResource: (args: { id?: string | null; fullPath?: string | null }) => {
      const hit = SIM_CATALOG.find((r) => (args.id && r.id === args.id) || (args.fullPath && r.fullPath === args.fullPath));
      return hit ? resourceNode(hit, externalUrl) : null;
    },
  };
}
