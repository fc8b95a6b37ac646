import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "build/", "node_modules/", ".copybook/", "**/.copybook/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        Buffer: "readonly",
        AbortController: "readonly",
        AbortSignal: "readonly",
        setImmediate: "readonly",
        TextDecoder: "readonly",
        TextEncoder: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "no-control-regex": "off",
    },
  },
  {
    // Only the GitHub layer may talk to @actions/*: the engine must run without GitHub.
    files: ["src/**/*.ts"],
    ignores: ["src/github/**", "src/action.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@actions/*"], message: "Only src/github/ imports @actions/*." }] },
      ],
    },
  },
  {
    // The report page's script is inlined by its source text (src/report/html.ts): in the browser
    // nothing of its module exists but the function itself, so the module holds only that and types.
    files: ["src/report/html/page.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "Program > :not(ImportDeclaration[importKind='type'], ExportNamedDeclaration[declaration.type='FunctionDeclaration'], TSTypeAliasDeclaration, TSInterfaceDeclaration)",
          message:
            "page.ts runs in the browser from its function's source: only type imports and that function here.",
        },
      ],
    },
  },
);
