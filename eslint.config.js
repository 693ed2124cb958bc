// ESLint: enforces the direction of data flow (catalog.yaml -> codegen/ -> generated/ -> runtime/) and
// stderr-only output in runtime/ (STYLE rules 1, 9 and 22). generated/ is type-checked by tsc, not linted.
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "generated/**", "test/fixtures/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["runtime/**/*.ts"],
    rules: {
      "no-console": ["error", { allow: ["error"] }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/codegen/**", "**/templates/**"], message: "runtime/ never imports codegen/ or templates/: they run at build time only." },
            { group: ["**/generated/*", "!**/generated/index.js"], message: "runtime/ reaches generated code only through generated/index.js, its one public entry point." },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[object.object.name='process'][object.property.name='stdout']", message: "On stdio, stdout is the MCP wire: log to stderr." },
      ],
    },
  },
  {
    files: ["codegen/**/*.ts"],
    rules: {
      "no-console": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/runtime/**"], allowTypeImports: true, message: "codegen/ may import only types from runtime/: it runs at build time." }] },
      ],
    },
  },
);
