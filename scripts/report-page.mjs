// report.html's script: src/report/html/page/ bundled by esbuild into one minified script, the text
// html.ts inlines into each report. One build for both ways the code runs: scripts/bundle.mjs
// writes it to dist/lib/report-page.js (REPORT_PAGE_ASSET), and src/report/html.ts calls this when
// it runs from src/ (tsx, vitest), so a change to the page needs no rebuild of dist/ to be seen.

import path from "node:path";
import { build } from "esbuild";

/** The asset's name, beside the package's bundle (dist/lib/). */
export const REPORT_PAGE_ASSET = "report-page.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const pageDir = path.join(root, "src/report/html/page");

/** The page's script, minified; the same text for the same sources and esbuild (dist/ is checked). */
export async function buildReportPage() {
  const result = await build({
    entryPoints: [path.join(pageDir, "index.ts")],
    absWorkingDir: root,
    tsconfig: path.join(pageDir, "tsconfig.json"),
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    charset: "utf8",
    legalComments: "none",
    write: false,
    logLevel: "silent",
  });
  const text = result.outputFiles[0].text;
  // Inlined in a <script> element: esbuild escapes `</script` in strings, this makes sure.
  if (/<\/script|<!--/i.test(text)) {
    throw new Error("the report page's script holds </script or <!--: it cannot be inlined");
  }
  return text;
}
