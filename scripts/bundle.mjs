// Builds dist/ with @vercel/ncc (one self-contained bundle per entry) and the type declarations.
// `--check` builds into a temp folder and fails when dist/ differs: dist/ is committed and must
// match src/. `--runnable --out DIR` builds what runs (the Action, the CLI and the library) into
// DIR, exactly as dist/ gets them, without the type declarations: the tests run that build. The type
// declarations are bundled into one dist/types/index.d.ts by rollup-plugin-dts: only what the
// package exports, none of the internal modules' imports (zod, yaml) that the package does not ship.
// Beside the bundle, dist/lib/report-page.js: report.html's script, src/report/html/page/ bundled by
// esbuild (scripts/report-page.mjs), which src/report/html.ts reads and inlines into each report.

import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { rollup } from "rollup";
import dts from "rollup-plugin-dts";
import { buildReportPage, REPORT_PAGE_ASSET } from "./report-page.mjs";

const ENTRIES = [
  // action.yml runs dist/index.js and the bin is dist/cli/index.js: small starts that turn on the
  // compile cache and then load the package's one bundle, dist/lib/ (see src/start/index.ts).
  { entry: "src/start/action.ts", out: "." },
  { entry: "src/start/cli.ts", out: "cli" },
  // The library, with the CLI and the Action as chunks loaded on demand (src/package.ts): one
  // build, so each module is in dist/ once. loadsEvals: it holds jiti (see restoreJitiNativeImport).
  // reportPage: it holds src/report/html.ts, which reads the page's script beside itself.
  { entry: "src/package.ts", out: "lib", loadsEvals: true, reportPage: true },
];

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const check = process.argv.includes("--check");
const runnableOnly = process.argv.includes("--runnable");
const outIndex = process.argv.indexOf("--out");
const target =
  outIndex > 0
    ? path.resolve(process.argv[outIndex + 1])
    : check
      ? mkdtempSync(path.join(os.tmpdir(), "agent-evals-dist-"))
      : path.join(root, "dist");

function run(cmd, args) {
  execFileSync(cmd, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
}

// jiti's entry (jiti/static) imports Node built-ins and native ESM for eval files with
// `(id) => import(id)`; webpack turns that dynamic import into an empty module context, so in the
// bundle `import "node:fs"` inside an eval file fails with "Cannot find module". This puts the real
// import() back. A build where the line is missing or changed fails here, not at a user's run.
const JITI_NATIVE_IMPORT = /const nativeImport = \(id\) => __webpack_require__\(\d+\)\(id\);/g;

function restoreJitiNativeImport(dir) {
  let patched = 0;
  // Only this build's own files: dist/ holds the other builds' folders.
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".js"))) {
    const full = path.join(dir, file);
    const text = readFileSync(full, "utf8");
    const fixed = text.replace(JITI_NATIVE_IMPORT, () => {
      patched++;
      return "const nativeImport = (id) => import(/* webpackIgnore: true */ id);";
    });
    if (fixed !== text) writeFileSync(full, fixed);
  }
  return patched;
}

async function build(outDir) {
  rmSync(outDir, { recursive: true, force: true });
  for (const { entry, out, loadsEvals, reportPage } of ENTRIES) {
    // Type errors are `npm run typecheck`'s job; the bundle only transpiles.
    run(process.execPath, [
      path.join(root, "node_modules/@vercel/ncc/dist/ncc/cli.js"),
      "build",
      entry,
      "-o",
      path.join(outDir, out),
      "--transpile-only",
      "--quiet",
    ]);
    const patched = restoreJitiNativeImport(path.join(outDir, out));
    if (patched !== (loadsEvals ? 1 : 0)) {
      throw new Error(
        `${entry}: restored jiti's native import() ${patched} time(s), expected ${loadsEvals ? 1 : 0}; jiti's entry changed: see restoreJitiNativeImport in scripts/bundle.mjs`,
      );
    }
    if (reportPage) {
      writeFileSync(path.join(outDir, out, REPORT_PAGE_ASSET), await buildReportPage());
    }
  }
  if (runnableOnly) return;
  const declarations = mkdtempSync(path.join(os.tmpdir(), "agent-evals-types-"));
  try {
    run(process.execPath, [
      path.join(root, "node_modules/typescript/bin/tsc"),
      "-p",
      "tsconfig.types.json",
      "--outDir",
      declarations,
    ]);
    await bundleDeclarations(path.join(declarations, "index.d.ts"), path.join(outDir, "types"));
  } finally {
    rmSync(declarations, { recursive: true, force: true });
  }
}

/**
 * One index.d.ts holding what src/index.ts exports, and only the types those need. The internal
 * modules' own imports (zod, yaml) are left out with the code that used them; a package they still
 * reach would not be installed for the user, so the build fails then. Node's built-in modules stay
 * imports: a TypeScript user of a Node library has @types/node.
 */
async function bundleDeclarations(input, outDir) {
  const bundle = await rollup({
    input,
    plugins: [dts()],
    external: (id) => !id.startsWith(".") && !path.isAbsolute(id),
    onwarn: (warning, warn) => {
      if (warning.code !== "UNRESOLVED_IMPORT") warn(warning);
    },
  });
  const file = path.join(outDir, "index.d.ts");
  await bundle.write({ file, format: "es" });
  await bundle.close();
  const foreign = [
    ...readFileSync(file, "utf8").matchAll(/^(?:import|export)\b.*\bfrom ['"]([^'"]+)['"]/gm),
  ]
    .map((m) => m[1])
    .filter((id) => !id.startsWith("node:"));
  if (foreign.length > 0)
    throw new Error(
      `dist/types/index.d.ts imports ${[...new Set(foreign)].join(", ")}, which the package does not ship: keep those types out of what src/index.ts exports`,
    );
}

function listFiles(dir, prefix = "") {
  return readdirSync(dir).flatMap((name) => {
    const rel = path.join(prefix, name);
    return statSync(path.join(dir, name)).isDirectory()
      ? listFiles(path.join(dir, name), rel)
      : [rel];
  });
}

await build(target);
if (!check) {
  console.log(`${path.relative(root, target) || "."} built: ${listFiles(target).length} files`);
  process.exit(0);
}
const committed = path.join(root, "dist");
const built = new Set(listFiles(target));
const existing = new Set(listFiles(committed));
const problems = [];
for (const file of built) {
  if (!existing.has(file)) problems.push(`missing from dist/: ${file}`);
  else if (!readFileSync(path.join(target, file)).equals(readFileSync(path.join(committed, file))))
    problems.push(`differs: dist/${file}`);
}
for (const file of existing)
  if (!built.has(file)) problems.push(`not built from src/ any more: dist/${file}`);
rmSync(target, { recursive: true, force: true });
if (problems.length) {
  console.error(
    `dist/ does not match src/:\n  ${problems.join("\n  ")}\nRun \`npm run bundle\` and commit dist/.`,
  );
  process.exit(1);
}
console.log("dist/ matches src/");
