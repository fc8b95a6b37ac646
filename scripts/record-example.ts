// Records the bundled example's Claude Code evals (the skill's and the command's trigger and e2e
// pairs) into evals-example/recordings/, so that `npm run example:skills` replays them with the
// real `claude` binary and no key. The model is a scripted server on 127.0.0.1 (the tests' fake
// Anthropic API) that answers as a model following the skill would: the recording is free and
// anyone can make it again. Run from the repo root: `npx tsx scripts/record-example.ts`.

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { requestText, startFakeAnthropic, type AnthropicTurn } from "../test/fakes/anthropic.js";
import { copyCassettes } from "../src/run/index.js";
import { requireBin } from "../test/fakes/clis.js";
import {
  listedSkills,
  toolResults,
  userQuery,
  workingDirectory,
} from "../test/helpers/skill-run.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const EXAMPLE = path.join(ROOT, "evals-example");
const RESULTS = path.join(EXAMPLE, ".copybook", "results");
const RECORDINGS = path.join(EXAMPLE, "recordings");

const bash = (command: string): AnthropicTurn => ({
  toolUse: { name: "Bash", input: { command } },
});
const tool = (name: string, input: Record<string, unknown>): AnthropicTurn => ({
  toolUse: { name, input },
});

/** The scripted model: what a model following the example's skill and command would answer. */
function respond(body: Parameters<typeof requestText>[0]): AnthropicTurn {
  const text = requestText(body);
  const query = userQuery(body);
  const turn = toolResults(body);
  const cwd = workingDirectory(body);
  // build-check's trigger (ask mode): is the command for this request? YES or NO.
  if (text.includes("Answer with exactly one word: YES or NO"))
    return { text: text.includes("Does the build pass") ? "YES" : "NO" };
  // build-check's e2e: run the build, write down what broke.
  if (query.includes("build-check") || text.includes("BUILD_REPORT.md")) {
    if (turn === 0) return bash("npm run build");
    if (turn === 1)
      return tool("Write", {
        file_path: `${cwd}/BUILD_REPORT.md`,
        content: "# Build report\n\nThe build fails: DATABASE_URL is not set.\n",
      });
    return { text: "The build fails because DATABASE_URL is not set; see BUILD_REPORT.md." };
  }
  // changelog's e2e: the skill, then read the changelog and edit it in place.
  if (query.includes("login timeout")) {
    if (turn === 0) return tool("Skill", { skill: "changelog" });
    if (turn === 1) return tool("Read", { file_path: `${cwd}/CHANGELOG.md` });
    if (turn === 2)
      return tool("Edit", {
        file_path: `${cwd}/CHANGELOG.md`,
        old_string: "## Unreleased\n",
        new_string: "## Unreleased\n- Fixed the login timeout\n",
      });
    return { text: "Added the entry under Unreleased." };
  }
  // changelog's trigger (observe mode): the skill for changelog and release-note requests.
  if (turn > 0) return { text: "Done." };
  if (listedSkills(body).includes("changelog") && /changelog|release notes/i.test(query))
    return tool("Skill", { skill: "changelog" });
  return { text: "Here is what I found." };
}

const fake = await startFakeAnthropic([], { respond });
try {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "agent-evals-record-home-"));
  // Asynchronous: the scripted model answers from this process's event loop.
  const code = await new Promise<number | null>((resolve, reject) => {
    const run = spawn(
      process.execPath,
      [
        path.join(ROOT, "dist/cli/index.js"),
        "eval",
        "--cwd",
        EXAMPLE,
        "--unsafe-local",
        "--record",
      ],
      {
        stdio: "inherit",
        env: {
          PATH: `${path.dirname(requireBin("claude"))}${path.delimiter}${process.env.PATH}`,
          HOME: home,
          LANG: "C.UTF-8",
          ANTHROPIC_BASE_URL: fake.url,
          ANTHROPIC_API_KEY: "sk-ant-scripted-model",
          CLAUDE_CODE_MAX_RETRIES: "0",
        },
      },
    );
    run.on("error", reject);
    run.on("exit", resolve);
  });
  if (code !== 0) throw new Error(`the recording run exited ${code}: nothing written`);
  fs.rmSync(home, { recursive: true, force: true });
  // Only the cassettes, laid out as in a results folder.
  fs.rmSync(RECORDINGS, { recursive: true, force: true });
  const count = copyCassettes(path.join(RESULTS, "evals"), path.join(RECORDINGS, "evals"));
  console.log(`${count} cassette(s) written to ${path.relative(ROOT, RECORDINGS)}/`);
} finally {
  await fake.close();
}
