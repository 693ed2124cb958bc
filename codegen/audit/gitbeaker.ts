// @gitbeaker/core's view of GitLab's REST endpoints: each resource method's HTTP verb and URL come from
// its implementation (dist/index.mjs, `RequestHelper.get()(this, endpoint`…`, options)`), its parameters
// from the typed options of its declaration (dist/index.d.ts), both read with ts-morph. Gitbeaker sends
// camelCase option keys as GitLab's snake_case names.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Node, Project, SyntaxKind, type ClassDeclaration, type MethodDeclaration, type Symbol as MorphSymbol, type Type } from "ts-morph";
import type { SourceParam, SourceRow } from "./table.js";

/** Option types that are gitbeaker's own knobs (sudo, pagination, streaming), not GitLab parameters. */
const CLIENT_TYPES = new Set(["Sudo", "ShowExpanded", "BasePaginationRequestOptions", "KeysetPaginationRequestOptions", "OffsetPaginationRequestOptions", "AsStream", "IsForm", "BaseRequestOptions"]);
const CLIENT_KEYS = new Set(["sudo", "showExpanded", "pagination", "maxPages", "asStream", "isForm", "perPage", "page"]);
const VERBS: Record<string, SourceRow["method"]> = { get: "GET", post: "POST", put: "PUT", del: "DELETE", patch: "PATCH" };

export const snake = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

/** The rows of @gitbeaker/core as installed, and its version. */
export function gitbeakerRows(root: string): { version: string; rows: SourceRow[] } {
  const require = createRequire(join(root, "package.json"));
  const dist = dirname(require.resolve("@gitbeaker/core"));
  const version = (JSON.parse(readFileSync(join(dist, "..", "package.json"), "utf8")) as { version: string }).version;
  const project = new Project({ compilerOptions: { allowJs: true, skipLibCheck: true }, skipAddingFilesFromTsConfig: true });
  const dts = project.addSourceFileAtPath(join(dist, "index.d.ts"));
  const js = project.createSourceFile("/gitbeaker-impl.ts", readFileSync(join(dist, "index.mjs"), "utf8"));
  const declared = new Map(dts.getClasses().map((c) => [c.getName() ?? "", c]));
  const classes = new Map<string, { base?: string; node: Node }>();
  for (const v of js.getVariableDeclarations()) {
    const cls = v.getInitializer();
    if (!cls || !Node.isClassExpression(cls)) continue;
    classes.set(v.getName(), { base: cls.getExtends()?.getExpression().getText(), node: cls });
  }
  // A base class (ResourceBadges) is only reached through the classes that name its resource type.
  const bases = new Set([...classes.values()].map((c) => c.base));
  const rows: SourceRow[] = [];
  for (const [name] of classes) {
    if (bases.has(name)) continue;
    const chain: string[] = [];
    for (let c: string | undefined = name; c && classes.has(c); c = classes.get(c)!.base) chain.push(c);
    const { prefix, bindings } = constructorBindings(chain.map((c) => classes.get(c)!.node));
    const seen = new Set<string>();
    for (const owner of chain) {
      const implementation = classes.get(owner)!.node;
      if (!Node.isClassExpression(implementation)) continue;
      for (const method of implementation.getMethods()) {
        if (seen.has(method.getName())) continue;
        seen.add(method.getName());
        const typed = declaredMethod(declared, chain, method.getName());
        for (const row of methodRows(method, typed, bindings)) {
          const path = normalize(prefix ? `${prefix}/${row.path}` : row.path);
          rows.push({ ...row, path, origin: `${name}.${method.getName()}` });
        }
      }
    }
  }
  return { version, rows };
}

/**
 * The literals a resource class hands its bases (IssueNotes: super("projects", "issues")), bound to the
 * base constructor's parameter names, and the URL prefix among them (`super({ prefixUrl: resourceType })`).
 */
function constructorBindings(chain: Node[]): { prefix?: string; bindings: Map<string, string> } {
  const bindings = new Map<string, string>();
  let prefix: string | undefined;
  let handed: (string | undefined)[] = [];
  for (const node of chain) {
    if (!Node.isClassExpression(node)) break;
    const ctor = node.getConstructors()[0];
    if (!ctor) continue;
    ctor.getParameters().forEach((p, i) => {
      if (handed[i] !== undefined && !bindings.has(p.getName())) bindings.set(p.getName(), handed[i]!);
    });
    const call = ctor.getDescendantsOfKind(SyntaxKind.CallExpression).find((c) => c.getExpression().getKind() === SyntaxKind.SuperKeyword);
    const value = (n: Node | undefined): string | undefined =>
      n && Node.isStringLiteral(n) ? n.getLiteralText() : n && Node.isIdentifier(n) ? bindings.get(n.getText()) : undefined;
    const args = call?.getArguments() ?? [];
    handed = args.map(value);
    const options = args.find((a) => Node.isObjectLiteralExpression(a));
    if (options && Node.isObjectLiteralExpression(options)) {
      const p = options.getProperty("prefixUrl");
      if (p && Node.isPropertyAssignment(p)) prefix ??= value(p.getInitializer());
    }
  }
  // A class that hands only literals to BaseResource's options (none here) has no prefix.
  return { prefix, bindings };
}

function declaredMethod(declared: Map<string, ClassDeclaration>, chain: string[], method: string): MethodDeclaration[] {
  for (const c of chain) {
    const found = declared.get(c)?.getMethods().filter((m) => m.getName() === method);
    if (found && found.length > 0) return found;
  }
  return [];
}

/** Every request one implementation method makes: verb, URL alternatives, and parameters. */
function methodRows(method: MethodDeclaration, typed: MethodDeclaration[], bindings: Map<string, string>): Omit<SourceRow, "origin">[] {
  const out: Omit<SourceRow, "origin">[] = [];
  const positional = new Set(method.getParameters().flatMap((p) => (Node.isIdentifier(p.getNameNode()) ? [p.getName()] : [])));
  const destructured = new Set(
    method.getParameters().flatMap((p) => {
      const n = p.getNameNode();
      return Node.isObjectBindingPattern(n) ? n.getElements().filter((e) => !e.getDotDotDotToken()).map((e) => e.getName()) : [];
    }),
  );
  for (const call of method.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const inner = call.getExpression();
    if (!Node.isCallExpression(inner)) continue;
    const callee = inner.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || callee.getExpression().getText() !== "RequestHelper") continue;
    const verb = VERBS[callee.getName()];
    const [, url, options] = call.getArguments();
    if (!verb || !url) continue;
    const params = new Map<string, SourceParam>();
    // Keys written out beside `...options` are the method's positional arguments (add(id, linkUrl, imageUrl)).
    if (options && Node.isObjectLiteralExpression(options)) {
      for (const prop of options.getProperties()) {
        const key = Node.isShorthandPropertyAssignment(prop) || Node.isPropertyAssignment(prop) ? prop.getName() : undefined;
        if (!key || CLIENT_KEYS.has(key) || key === "searchParams") continue;
        const typeOf = typed[0]?.getParameter(key)?.getType();
        params.set(snake(key), { name: snake(key), in: verb === "GET" || verb === "DELETE" ? "query" : "body", required: positional.has(key), ...(typeOf ? describe(typeOf) : {}) });
      }
    }
    for (const decl of typed) {
      const opt = decl.getParameter("options");
      if (!opt) continue;
      const union = opt.getType().isUnion();
      for (const p of optionProperties(opt.getType(), opt)) {
        if (destructured.has(p.getName()) || CLIENT_KEYS.has(p.getName())) continue;
        const key = snake(p.getName());
        if (params.has(key)) continue;
        const decls = p.getDeclarations().filter((d) => !CLIENT_TYPES.has(ownerName(d)));
        if (decls.length === 0 && p.getDeclarations().length > 0) continue;
        const d = decls[0];
        const deprecated = d && Node.isJSDocable(d) && d.getJsDocs().some((j) => j.getTags().some((t) => t.getTagName() === "deprecated"));
        params.set(key, {
          name: key,
          in: verb === "GET" || verb === "DELETE" ? "query" : "body",
          required: false,
          ...describe(p.getTypeAtLocation(opt), union),
          ...(deprecated ? { deprecated: true } : {}),
        });
      }
    }
    for (const path of urlAlternatives(url, { method, bindings })) out.push({ method: verb, path, params: [...params.values()] });
  }
  return out;
}

function ownerName(d: Node): string {
  const owner = d.getFirstAncestor((a) => Node.isTypeAliasDeclaration(a) || Node.isInterfaceDeclaration(a));
  return owner && (Node.isTypeAliasDeclaration(owner) || Node.isInterfaceDeclaration(owner)) ? owner.getName() : "";
}

/** Properties of an options type, across the members of a union (OneOrNoneOf<…>). */
function optionProperties(type: Type, at: Node): MorphSymbol[] {
  const parts = type.isUnion() ? type.getUnionTypes() : [type];
  const byName = new Map<string, MorphSymbol>();
  for (const part of parts) for (const p of part.getApparentProperties()) if (!byName.has(p.getName())) byName.set(p.getName(), p);
  void at;
  return [...byName.values()];
}

/** JSON-Schema-like type and enum of a TypeScript option type. */
function describe(type: Type, noEnum = false): Pick<SourceParam, "type" | "enum"> {
  const parts = (type.isUnion() ? type.getUnionTypes() : [type]).filter((t) => !t.isUndefined() && !t.isNull());
  if (parts.length === 0) return {};
  if (parts.every((t) => t.isBoolean() || t.isBooleanLiteral())) return { type: "boolean" };
  if (parts.every((t) => t.isStringLiteral())) return noEnum ? { type: "string" } : { type: "string", enum: parts.map((t) => String(t.getLiteralValue())).sort() };
  if (parts.every((t) => t.isNumber() || t.isNumberLiteral())) return { type: "integer" };
  if (parts.every((t) => t.isString() || t.isStringLiteral() || t.isTemplateLiteral())) return { type: "string" };
  if (parts.every((t) => t.isArray())) return { type: "array" };
  if (parts.some((t) => t.isNumber()) && parts.every((t) => t.isNumber() || t.isStringLiteral() || t.isString())) return { type: "string|integer" };
  if (parts.every((t) => t.isObject() && !t.isArray())) return { type: "object" };
  return {};
}

/** The URL templates an expression can produce; `*` stands for each interpolated value. */
interface UrlScope {
  readonly method: MethodDeclaration;
  readonly bindings: Map<string, string>;
}

function urlAlternatives(node: Node, scope: UrlScope, depth = 0): string[] {
  const method = scope.method;
  if (depth > 6) return ["*"];
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return [node.getLiteralText()];
  if (Node.isTaggedTemplateExpression(node)) return urlAlternatives(node.getTemplate(), scope, depth + 1);
  if (Node.isParenthesizedExpression(node)) return urlAlternatives(node.getExpression(), scope, depth + 1);
  if (Node.isTemplateExpression(node)) {
    let acc = [node.getHead().getLiteralText()];
    for (const span of node.getTemplateSpans()) {
      const alts = urlAlternatives(span.getExpression(), scope, depth + 1);
      acc = acc.flatMap((a) => alts.map((b) => a + b + span.getLiteral().getLiteralText())).slice(0, 16);
    }
    return acc;
  }
  if (Node.isBinaryExpression(node) && node.getOperatorToken().getKind() === SyntaxKind.PlusToken) {
    const l = urlAlternatives(node.getLeft(), scope, depth + 1);
    const r = urlAlternatives(node.getRight(), scope, depth + 1);
    return l.flatMap((a) => r.map((b) => a + b)).slice(0, 16);
  }
  if (Node.isConditionalExpression(node)) return [...urlAlternatives(node.getWhenTrue(), scope, depth + 1), ...urlAlternatives(node.getWhenFalse(), scope, depth + 1)];
  if (Node.isPropertyAccessExpression(node) && node.getExpression().getKind() === SyntaxKind.ThisKeyword) {
    const bound = scope.bindings.get(node.getName());
    if (bound !== undefined) return [bound];
  }
  if (Node.isIdentifier(node)) {
    // A local built from literals (let prefix = ""; if (projectId) prefix = endpoint`projects/${projectId}/`).
    const name = node.getText();
    const values: Node[] = [];
    for (const v of method.getDescendantsOfKind(SyntaxKind.VariableDeclaration)) if (v.getName() === name && v.getInitializer()) values.push(v.getInitializer()!);
    for (const b of method.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
      if (b.getOperatorToken().getKind() === SyntaxKind.EqualsToken && b.getLeft().getText() === name) values.push(b.getRight());
    }
    if (values.length > 0) return [...new Set(values.flatMap((v) => urlAlternatives(v, scope, depth + 1)))];
  }
  return ["*"];
}

/** `projects/*\/merge_requests` with any segment holding a value as one `*`, without leading or doubled slashes. */
function normalize(path: string): string {
  return (
    "/" +
    path
      .split("/")
      .filter((s) => s !== "")
      .map((s) => (s.includes("*") ? "*" : s))
      .join("/")
  );
}
