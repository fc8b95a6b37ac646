// The cassettes a recording run stores on the results branch: the agent's and its judge calls'
// of each trial, regular files only (a link planted in a trial folder is left out).

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { recordedCassettes } from "../../src/github/action/cassettes.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("recordedCassettes", () => {
  it("takes each trial's agent and judge cassettes, not its other files nor a link", async () => {
    const results = fs.mkdtempSync(path.join(os.tmpdir(), "ae-cassettes-"));
    made.push(results);
    const trial = path.join(results, "evals", "deploy", "claude-code", "trial-1");
    fs.mkdirSync(trial, { recursive: true });
    fs.writeFileSync(path.join(trial, "cassette.json.gz"), "agent");
    fs.writeFileSync(path.join(trial, "judge-1-1.cassette.json.gz"), "judge");
    fs.writeFileSync(path.join(trial, "judge-1-1.stdout"), "transcript");
    fs.symlinkSync("/etc/passwd", path.join(trial, "judge-2-1.cassette.json.gz"));
    const folders = await recordedCassettes(results);
    expect(folders).toHaveLength(1);
    expect(folders[0]!.folder).toBe("cassettes/deploy/claude-code");
    expect(folders[0]!.files.map((f) => [f.path, Buffer.from(f.bytes).toString("utf8")])).toEqual([
      ["trial-1/cassette.json.gz", "agent"],
      ["trial-1/judge-1-1.cassette.json.gz", "judge"],
    ]);
  });
});
