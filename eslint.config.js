import js from "@eslint/js";
import tseslint from "typescript-eslint";

const unitOnly =
  "test/unit/ tests start no processes and no servers (npm run test:fast); put this test in test/";

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
    // test/unit/ (npm run test:fast) starts no processes and no servers. test/unit/setup.ts makes
    // them throw at run time; this catches the imports, also of code a machine may skip.
    files: ["test/unit/**/*.ts"],
    ignores: ["test/unit/setup.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            "node:child_process",
            "child_process",
            "simple-git",
            "execa",
            "playwright-core",
          ].map((name) => ({ name, message: unitOnly })),
          patterns: [
            { regex: "(^|/)fakes/", message: unitOnly },
            { regex: "helpers/(agent-run|skill-run|git-http)", message: unitOnly },
            { regex: "src/(engine|util/process)(\\.js)?$", message: unitOnly },
            { regex: "helpers/project", importNames: ["runCli"], message: unitOnly },
          ],
        },
      ],
    },
  },
);
