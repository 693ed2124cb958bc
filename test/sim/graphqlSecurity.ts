// Vulnerabilities and pipeline security findings (Ultimate) as GitLab's GraphQL API serves them
// (doc/api/graphql/reference: Query.vulnerability, Project.vulnerabilities,
// Project.vulnerabilitySeveritiesCount, Project.pipeline, Pipeline.securityReportSummary,
// Pipeline.securityReportFindings, Mutation.vulnerabilityConfirm / Dismiss / Resolve / RevertToDetected):
// - each project is seeded on first use with four vulnerabilities (gid://gitlab/Vulnerability/<n>) and a
//   security pipeline (IID 1, ID 9000 + project ID, as restSecurityExports.ts exports it) whose findings
//   are those vulnerabilities plus one new finding; any other IID resolves to a null pipeline;
// - `vulnerabilities` filters by every argument of the subset (a list filter holds any of its values),
//   sorts by severity (default severity_desc) or detection time, and pages by cursor (base64
//   {"id":"<n>"}, default 20, at most 100); `count` is the filtered total;
// - a state change stamps its time and keeps the comment; a dismissal keeps its reason, a revert clears
//   the stamps. A mutation on an unknown or invisible vulnerability fails with GitLab's top-level
//   "resource not available" error; a comment over 50,000 characters, or a change to the state it is
//   already in, comes back in the payload's `errors` with a null vulnerability (those texts are our
//   reading of GitLab's services, not checked against its source).
import { GraphQLError } from "graphql";
import { securityPipelineId } from "./restSecurityExports.js";
import { withBoundary } from "./graphqlFineGrained.js";
import type { SimProject, SimState, SimUser } from "./state.js";

const NOT_AVAILABLE = "The resource that you are attempting to access does not exist or you don't have permission to perform this action";
const SEVERITY_RANK: Record<string, number> = { CRITICAL: 6, HIGH: 5, MEDIUM: 4, LOW: 3, UNKNOWN: 2, INFO: 1 };

interface Ctx {
  state: SimState;
  options: { externalUrl: string };
  user: SimUser | null;
}

interface Identifier {
  externalType: string;
  externalId: string;
  name: string;
  url: string | null;
}

export interface SimVulnerability {
  id: number;
  projectId: number;
  uuid: string;
  title: string;
  description: string;
  state: "DETECTED" | "CONFIRMED" | "RESOLVED" | "DISMISSED";
  severity: string;
  reportType: string;
  scanner: { externalId: string; name: string; vendor: string };
  identifiers: Identifier[];
  image: string | null;
  solution: string | null;
  detectedAt: string;
  confirmedAt: string | null;
  resolvedAt: string | null;
  dismissedAt: string | null;
  updatedAt: string;
  dismissalReason: string | null;
  resolvedOnDefaultBranch: boolean;
  hasRemediations: boolean;
  comments: string[];
}

interface NewFinding {
  uuid: string;
  title: string;
  severity: string;
  reportType: string;
  scanner: { externalId: string; name: string; vendor: string };
  identifiers: Identifier[];
}

interface Store {
  vulns: SimVulnerability[];
  findings: Map<number, NewFinding[]>;
  seeded: Set<number>;
  next: number;
}

const stores = new WeakMap<SimState, Store>();
const storeOf = (state: SimState): Store => {
  let s = stores.get(state);
  if (!s) stores.set(state, (s = { vulns: [], findings: new Map(), seeded: new Set(), next: 100 }));
  return s;
};

const time = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

function seed(state: SimState, project: SimProject): void {
  const store = storeOf(state);
  if (store.seeded.has(project.id)) return;
  store.seeded.add(project.id);
  const at = (day: number) => `2026-11-${String(day).padStart(2, "0")}T10:00:00Z`;
  const scanners = {
    semgrep: { externalId: "semgrep", name: "Semgrep", vendor: "GitLab" },
    gemnasium: { externalId: "gemnasium", name: "Gemnasium", vendor: "GitLab" },
    trivy: { externalId: "trivy", name: "Trivy", vendor: "GitLab" },
    secrets: { externalId: "gitleaks", name: "Gitleaks", vendor: "GitLab" },
  };
  const base = (n: number, v: Partial<SimVulnerability> & Pick<SimVulnerability, "title" | "severity" | "reportType" | "scanner" | "identifiers">): SimVulnerability => ({
    id: ++store.next,
    projectId: project.id,
    uuid: `5f0c${project.id.toString(16).padStart(4, "0")}-0000-4000-8000-${String(n).padStart(12, "0")}`,
    description: `${v.title} found by ${v.scanner.name}.`,
    state: "DETECTED",
    image: null,
    solution: null,
    detectedAt: at(n),
    confirmedAt: null,
    resolvedAt: null,
    dismissedAt: null,
    updatedAt: at(n),
    dismissalReason: null,
    resolvedOnDefaultBranch: false,
    hasRemediations: false,
    comments: [],
    ...v,
  });
  store.vulns.push(
    base(1, { title: "SQL injection in search", severity: "CRITICAL", reportType: "SAST", scanner: scanners.semgrep, identifiers: [{ externalType: "cwe", externalId: "89", name: "CWE-89", url: "https://cwe.mitre.org/data/definitions/89.html" }], solution: "Use parameterised queries." }),
    base(2, { title: "Prototype pollution in lodash", severity: "HIGH", reportType: "DEPENDENCY_SCANNING", scanner: scanners.gemnasium, identifiers: [{ externalType: "cve", externalId: "CVE-2020-8203", name: "CVE-2020-8203", url: "https://nvd.nist.gov/vuln/detail/CVE-2020-8203" }], solution: "Upgrade lodash to 4.17.19 or later.", hasRemediations: true }),
    base(3, { title: "OpenSSL in base image", severity: "MEDIUM", reportType: "CONTAINER_SCANNING", scanner: scanners.trivy, identifiers: [{ externalType: "cve", externalId: "CVE-2024-0727", name: "CVE-2024-0727", url: null }], image: "registry.example.com/app:latest", state: "CONFIRMED", confirmedAt: at(4) }),
    base(4, { title: "AWS key in test fixture", severity: "LOW", reportType: "SECRET_DETECTION", scanner: scanners.secrets, identifiers: [{ externalType: "gitleaks_rule_id", externalId: "AWS", name: "Gitleaks rule ID AWS", url: null }], state: "DISMISSED", dismissedAt: at(5), dismissalReason: "USED_IN_TESTS", resolvedOnDefaultBranch: true }),
  );
  store.findings.set(project.id, [
    { uuid: `9a1e${project.id.toString(16).padStart(4, "0")}-0000-4000-8000-000000000009`, title: "Hard-coded password in config", severity: "HIGH", reportType: "SAST", scanner: scanners.semgrep, identifiers: [{ externalType: "cwe", externalId: "798", name: "CWE-798", url: null }] },
  ]);
}

const visibleProject = (ctx: Ctx, projectId: number): SimProject | undefined => {
  const project = ctx.state.projects.get(projectId);
  return project && ctx.state.canRead(project, ctx.user?.id) ? project : undefined;
};

function vulnNode(ctx: Ctx, v: SimVulnerability) {
  const project = ctx.state.projects.get(v.projectId)!;
  return withBoundary(
    {
      id: `gid://gitlab/Vulnerability/${v.id}`,
      title: v.title,
      description: v.description,
      state: v.state,
      severity: v.severity,
      reportType: v.reportType,
      dismissalReason: v.dismissalReason,
      solution: v.solution,
      detectedAt: v.detectedAt,
      confirmedAt: v.confirmedAt,
      resolvedAt: v.resolvedAt,
      dismissedAt: v.dismissedAt,
      updatedAt: v.updatedAt,
      resolvedOnDefaultBranch: v.resolvedOnDefaultBranch,
      webUrl: `${ctx.options.externalUrl}/${project.path_with_namespace}/-/security/vulnerabilities/${v.id}`,
      primaryIdentifier: v.identifiers[0] ?? null,
      identifiers: v.identifiers,
      scanner: { ...v.scanner, reportType: v.reportType },
    },
    { type: "Project", project },
  );
}

interface Page {
  first?: number | null;
  after?: string | null;
}

function page<T extends { id?: number; uuid?: string }>(items: T[], args: Page, key: (t: T) => string, present: (t: T) => unknown) {
  const cursorOf = (t: T) => Buffer.from(JSON.stringify({ id: key(t) })).toString("base64");
  let start = 0;
  if (args.after) {
    const at = items.findIndex((t) => cursorOf(t) === args.after);
    start = at >= 0 ? at + 1 : items.length;
  }
  const first = Math.min(Math.max(args.first ?? 20, 0), 100);
  const slice = items.slice(start, start + first);
  return {
    count: items.length,
    nodes: slice.map(present),
    pageInfo: {
      hasNextPage: start + first < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length > 0 ? cursorOf(slice[0]) : null,
      endCursor: slice.length > 0 ? cursorOf(slice[slice.length - 1]) : null,
    },
  };
}

interface VulnFilters {
  state?: string[] | null;
  severity?: string[] | null;
  reportType?: string[] | null;
  scanner?: string[] | null;
  scannerId?: string[] | null;
  dismissalReason?: string[] | null;
  hasIssues?: boolean | null;
  hasResolution?: boolean | null;
  hasMergeRequest?: boolean | null;
  hasRemediations?: boolean | null;
  identifierName?: string | null;
  image?: string[] | null;
  clusterAgentId?: string[] | null;
  sort?: string | null;
}

const scannerGid = (externalId: string) => `gid://gitlab/Vulnerabilities::Scanner/${["semgrep", "gemnasium", "trivy", "gitleaks"].indexOf(externalId) + 1}`;

function filtered(list: SimVulnerability[], f: VulnFilters): SimVulnerability[] {
  const any = <T>(wanted: T[] | null | undefined, value: T) => !wanted || wanted.includes(value);
  const out = list.filter(
    (v) =>
      any(f.state, v.state) &&
      any(f.severity, v.severity) &&
      any(f.reportType, v.reportType) &&
      any(f.scanner, v.scanner.externalId) &&
      any(f.scannerId, scannerGid(v.scanner.externalId)) &&
      (!f.dismissalReason || (v.dismissalReason !== null && f.dismissalReason.includes(v.dismissalReason))) &&
      (f.hasIssues === null || f.hasIssues === undefined || f.hasIssues === false) &&
      (f.hasMergeRequest === null || f.hasMergeRequest === undefined || f.hasMergeRequest === false) &&
      (f.hasResolution === null || f.hasResolution === undefined || f.hasResolution === v.resolvedOnDefaultBranch) &&
      (f.hasRemediations === null || f.hasRemediations === undefined || f.hasRemediations === v.hasRemediations) &&
      (!f.identifierName || v.identifiers.some((i) => i.name.toLowerCase() === f.identifierName!.toLowerCase())) &&
      (!f.image || (v.image !== null && f.image.includes(v.image))) &&
      (!f.clusterAgentId || f.clusterAgentId.length === 0),
  );
  const sort = f.sort ?? "severity_desc";
  const bySeverity = (a: SimVulnerability, b: SimVulnerability) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || a.id - b.id;
  const byDetected = (a: SimVulnerability, b: SimVulnerability) => a.detectedAt.localeCompare(b.detectedAt) || a.id - b.id;
  const cmp = sort.startsWith("severity") ? bySeverity : byDetected;
  return out.sort((a, b) => (sort.endsWith("_desc") ? -cmp(a, b) : cmp(a, b)));
}

function findingNodes(ctx: Ctx, project: SimProject) {
  const store = storeOf(ctx.state);
  const fromVulns = store.vulns
    .filter((v) => v.projectId === project.id)
    .map((v) => ({ uuid: v.uuid, title: v.title, description: v.description, severity: v.severity, state: v.state, reportType: v.reportType, solution: v.solution, dismissedAt: v.dismissedAt, identifiers: v.identifiers, scanner: { ...v.scanner, reportType: v.reportType }, vulnerability: vulnNode(ctx, v) }));
  const fresh = (store.findings.get(project.id) ?? []).map((f) => ({ ...f, description: null, state: "DETECTED", solution: null, dismissedAt: null, scanner: { ...f.scanner, reportType: f.reportType }, vulnerability: null }));
  return [...fromVulns, ...fresh];
}

function pipelineNode(ctx: Ctx, project: SimProject) {
  const section = (type: string, scanned = false) => {
    const n = findingNodes(ctx, project).filter((f) => f.reportType === type).length;
    return { vulnerabilitiesCount: n, scannedResourcesCount: scanned ? 12 : 0, scannedResourcesCsvPath: scanned ? `/${project.path_with_namespace}/-/security/scanned_resources.csv` : null };
  };
  return {
    id: `gid://gitlab/Ci::Pipeline/${securityPipelineId(project.id)}`,
    iid: "1",
    status: "SUCCESS",
    securityReportSummary: {
      sast: section("SAST"),
      dast: section("DAST", true),
      dependencyScanning: section("DEPENDENCY_SCANNING"),
      containerScanning: section("CONTAINER_SCANNING"),
      secretDetection: section("SECRET_DETECTION"),
      coverageFuzzing: null,
      apiFuzzing: null,
      clusterImageScanning: null,
    },
    securityReportFindings: (args: Page & { severity?: string[] | null; reportType?: string[] | null; scanner?: string[] | null; state?: string[] | null; sort?: string | null }) => {
      const list = findingNodes(ctx, project).filter(
        (f) =>
          (!args.severity || args.severity.map((s) => s.toUpperCase()).includes(f.severity)) &&
          (!args.reportType || args.reportType.map((s) => s.toUpperCase()).includes(f.reportType)) &&
          (!args.scanner || args.scanner.includes(f.scanner.externalId)) &&
          (!args.state || args.state.includes(f.state)),
      );
      const asc = args.sort === "severity_asc";
      list.sort((a, b) => (asc ? 1 : -1) * (SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]) || a.uuid.localeCompare(b.uuid));
      return page(list, args, (f) => f.uuid, (f) => f);
    },
  };
}

/** Fields of Project the security subset adds. */
export function projectSecurityFields(ctx: Ctx, project: SimProject) {
  seed(ctx.state, project);
  const mine = () => storeOf(ctx.state).vulns.filter((v) => v.projectId === project.id);
  return {
    vulnerabilities: (args: VulnFilters & Page) => page(filtered(mine(), args), args, (v) => String(v.id), (v) => vulnNode(ctx, v)),
    vulnerabilitySeveritiesCount: (args: VulnFilters) => {
      const list = filtered(mine(), args);
      const count = (s: string) => list.filter((v) => v.severity === s).length;
      return { critical: count("CRITICAL"), high: count("HIGH"), medium: count("MEDIUM"), low: count("LOW"), info: count("INFO"), unknown: count("UNKNOWN") };
    },
    pipeline: (args: { iid?: string | null; sha?: string | null }) => (args.iid === undefined || args.iid === null || args.iid === "1" ? pipelineNode(ctx, project) : null),
  };
}

function findVuln(ctx: Ctx, gid: string): SimVulnerability | undefined {
  const m = /^gid:\/\/gitlab\/Vulnerability\/(\d+)$/.exec(gid);
  if (!m) throw new GraphQLError(`"${gid}" does not represent an instance of Vulnerability`);
  const v = storeOf(ctx.state).vulns.find((x) => x.id === Number(m[1]));
  return v && visibleProject(ctx, v.projectId) ? v : undefined;
}

type Target = "CONFIRMED" | "DISMISSED" | "RESOLVED" | "DETECTED";

function transition(ctx: Ctx, input: { id: string; comment?: string | null; dismissalReason?: string | null; clientMutationId?: string | null }, to: Target) {
  if (!ctx.user) throw new GraphQLError(NOT_AVAILABLE);
  const v = findVuln(ctx, input.id);
  if (!v) throw new GraphQLError(NOT_AVAILABLE);
  const base = { clientMutationId: input.clientMutationId ?? null };
  if (typeof input.comment === "string" && input.comment.length > 50_000) return { ...base, vulnerability: null, errors: ["Comment is too long (maximum is 50000 characters)"] };
  if (v.state === to && to !== "DISMISSED") return { ...base, vulnerability: null, errors: [`Vulnerability is already ${to.toLowerCase()}`] };
  const now = time(ctx.state.now());
  v.state = to;
  v.updatedAt = now;
  if (typeof input.comment === "string") v.comments.push(input.comment);
  if (to === "CONFIRMED") v.confirmedAt = now;
  if (to === "RESOLVED") v.resolvedAt = now;
  if (to === "DISMISSED") {
    v.dismissedAt = now;
    v.dismissalReason = input.dismissalReason ?? null;
  }
  if (to === "DETECTED") {
    v.confirmedAt = v.resolvedAt = v.dismissedAt = null;
    v.dismissalReason = null;
  }
  return { ...base, vulnerability: vulnNode(ctx, v), errors: [] };
}

/** Seeds a project's vulnerabilities now and returns them (tests read their global IDs). */
export function seedVulnerabilities(state: SimState, project: SimProject): SimVulnerability[] {
  seed(state, project);
  return storeOf(state).vulns.filter((v) => v.projectId === project.id);
}

/** The root fields (queries and mutations) of the security subset. */
export function securityRoot(ctx: Ctx) {
  return {
    vulnerability: ({ id }: { id: string }) => {
      const v = findVuln(ctx, id);
      return v ? vulnNode(ctx, v) : null;
    },
    vulnerabilityConfirm: ({ input }: { input: Parameters<typeof transition>[1] }) => transition(ctx, input, "CONFIRMED"),
    vulnerabilityDismiss: ({ input }: { input: Parameters<typeof transition>[1] }) => transition(ctx, input, "DISMISSED"),
    vulnerabilityResolve: ({ input }: { input: Parameters<typeof transition>[1] }) => transition(ctx, input, "RESOLVED"),
    vulnerabilityRevertToDetected: ({ input }: { input: Parameters<typeof transition>[1] }) => transition(ctx, input, "DETECTED"),
  };
}
