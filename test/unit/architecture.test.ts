// The layer table in eslint.config.js is the architecture: these plant imports that break it and
// check that `npm run lint` would fail on each, and pass on the same import where it is allowed.

import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: REPO_ROOT });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("the pipeline's import rules (eslint.config.js LAYERS)", () => {
  it("refuses an import from a later stage into an earlier one", async () => {
    const found = await problems(
      "src/define/planted.ts",
      'import { runSuite } from "../run/index.js";\nexport const x = runSuite;\n',
    );
    expect(found).toEqual([expect.stringMatching(/define\/ is below run in the pipeline/)]);
  });

  it("refuses a dynamic import that runs back up", async () => {
    const found = await problems(
      "src/store/planted.ts",
      'export const load = () => import("../report/index.js");\n',
    );
    expect(found).toEqual([expect.stringMatching(/no-restricted-syntax: store\/ is below/)]);
  });

  it("refuses an import that bypasses another folder's index.ts, allows it through index.ts", async () => {
    const deep = await problems(
      "src/run/planted.ts",
      'import { mergeRunResults } from "../store/merge.js";\nexport const x = mergeRunResults;\n',
    );
    expect(deep).toEqual([expect.stringMatching(/through its public surface, store\/index.ts/)]);
    const viaIndex = await problems(
      "src/run/planted.ts",
      'import { mergeRunResults } from "../store/index.js";\nexport const x = mergeRunResults;\n',
    );
    expect(viaIndex).toEqual([]);
    expect(
      await problems(
        "src/cli/planted.ts",
        'import { runPlanned } from "../engine/run.js";\nexport const x = runPlanned;\n',
      ),
    ).toEqual([expect.stringMatching(/through its public surface, engine\/index.ts/)]);
  });

  it("allows the lazy entries, and engine/ to import any stage", async () => {
    expect(
      await problems(
        "src/github/planted.ts",
        'export const load = () => import("../store/results-branch.js");\n',
      ),
    ).toEqual([]);
    expect(
      await problems(
        "src/engine/planted.ts",
        'import { runSuite } from "../run/index.js";\nexport const x = runSuite;\n',
      ),
    ).toEqual([]);
  });

  it("keeps @actions/* inside src/github/", async () => {
    const code = 'import * as core from "@actions/core";\nexport const x = core;\n';
    expect(await problems("src/report/planted.ts", code)).toEqual([
      expect.stringMatching(/Only src\/github\/ imports @actions/),
    ]);
    expect(await problems("src/github/planted.ts", code)).toEqual([]);
  });
});
