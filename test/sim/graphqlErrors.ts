// GraphQL error objects in graphql-ruby's shape (GitLab runs graphql-ruby):
// static validation errors carry `locations`, a `path` rooted at the operation
// ("query", "query Name", "fragment Name") and an `extensions.code`; the
// messages differ from graphql-js, so the common ones are rewritten:
//   Field 'foo' doesn't exist on type 'Project'            (undefinedField)
//   Field 'project' doesn't accept argument 'foo'          (argumentNotAccepted)
//   Field 'project' is missing required arguments: fullPath (missingRequiredArguments)
//   Variable $fullPath of type ID! was provided invalid value
// Other graphql-js messages (syntax errors, for instance) are passed through.
import { Kind, print, type ASTNode, type DocumentNode, type GraphQLError, type SelectionSetNode } from "graphql";

export interface GitlabGraphqlError {
  message: string;
  locations?: Array<{ line: number; column: number }>;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

function walk(set: SelectionSetNode, prefix: string[], paths: Map<ASTNode, string[]>): void {
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      const path = [...prefix, sel.name.value];
      paths.set(sel, path);
      for (const arg of sel.arguments ?? []) paths.set(arg, [...path, arg.name.value]);
      if (sel.selectionSet) walk(sel.selectionSet, path, paths);
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      const label = sel.typeCondition ? `... on ${sel.typeCondition.name.value}` : "...";
      walk(sel.selectionSet, [...prefix, label], paths);
    }
  }
}

function nodePaths(doc: DocumentNode): Map<ASTNode, string[]> {
  const paths = new Map<ASTNode, string[]>();
  for (const def of doc.definitions) {
    if (def.kind === Kind.OPERATION_DEFINITION) {
      walk(def.selectionSet, [def.name ? `${def.operation} ${def.name.value}` : def.operation], paths);
    } else if (def.kind === Kind.FRAGMENT_DEFINITION) {
      walk(def.selectionSet, [`fragment ${def.name.value}`], paths);
    }
  }
  return paths;
}

function base(e: GraphQLError): GitlabGraphqlError {
  const out: GitlabGraphqlError = { message: e.message };
  if (e.locations && e.locations.length > 0) out.locations = e.locations.map(({ line, column }) => ({ line, column }));
  return out;
}

export function validationErrors(doc: DocumentNode, errors: readonly GraphQLError[]): GitlabGraphqlError[] {
  const paths = nodePaths(doc);
  return errors.map((e) => {
    const out = base(e);
    const node = e.nodes?.[0];
    const path = node ? paths.get(node) : undefined;
    let m = /^Cannot query field "(.+?)" on type "(.+?)"\./.exec(e.message);
    if (m) {
      return { ...out, message: `Field '${m[1]}' doesn't exist on type '${m[2]}'`, path, extensions: { code: "undefinedField", typeName: m[2], fieldName: m[1] } };
    }
    m = /^Unknown argument "(.+?)" on field "(?:.+?)\.(.+?)"\./.exec(e.message);
    if (m) {
      return {
        ...out,
        message: `Field '${m[2]}' doesn't accept argument '${m[1]}'`,
        path,
        extensions: { code: "argumentNotAccepted", name: m[2], typeName: "Field", argumentName: m[1] },
      };
    }
    m = /^Field "(.+?)" argument "(.+?)" of type ".+?" is required, but it was not provided\./.exec(e.message);
    if (m) {
      return {
        ...out,
        message: `Field '${m[1]}' is missing required arguments: ${m[2]}`,
        path,
        extensions: { code: "missingRequiredArguments", className: "Field", name: m[1], arguments: m[2] },
      };
    }
    return path ? { ...out, path } : out;
  });
}

function variableType(doc: DocumentNode, name: string): string {
  for (const def of doc.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const v = def.variableDefinitions?.find((d) => d.variable.name.value === name);
    if (v) return print(v.type);
  }
  return "";
}

/** Errors raised while coercing variables (graphql-js reports them before execution). */
export function variableErrors(doc: DocumentNode, errors: readonly GraphQLError[], variables: Record<string, unknown>): GitlabGraphqlError[] {
  return errors.map((e) => {
    const out = base(e);
    let m = /^Variable "\$(.+?)" of required type ".+?" was not provided\./.exec(e.message);
    if (m) {
      return {
        ...out,
        message: `Variable $${m[1]} of type ${variableType(doc, m[1])} was provided invalid value`,
        extensions: { value: null, problems: [{ path: [], explanation: "Expected value to not be null" }] },
      };
    }
    m = /^Variable "\$(.+?)" got invalid value .*?; (.*)$/s.exec(e.message);
    if (m) {
      return {
        ...out,
        message: `Variable $${m[1]} of type ${variableType(doc, m[1])} was provided invalid value`,
        extensions: { value: variables[m[1]] ?? null, problems: [{ path: [], explanation: m[2] }] },
      };
    }
    return out;
  });
}

/** Errors raised by resolvers: message, locations and the response path. */
export function executionError(e: GraphQLError): GitlabGraphqlError {
  const out = base(e);
  if (e.path) out.path = [...e.path];
  return out;
}
