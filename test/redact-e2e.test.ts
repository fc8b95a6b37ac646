/**
 * No secret leaves a run. The real CLI runs one eval with a declared secret through two agents —
 * a command-template agent (a bash script) and the REAL `claude` binary against the fake Anthropic
 * API — which echo the secrets in every form they can: plain, in JSON, split across lines, base64,
 * as a shimmed CLI's argument, in a failing check's output, in the final message. Then every byte
 * (and every path) of the results folder, the history folder and the console is searched.
 */
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeAnthropic, type AnthropicTurn, type FakeAnthropic } from "./fakes/anthropic.js";
import { AGENT_CLIS_DIR, requireBin } from "./fakes/clis.js";
import { agentProject, removeAgentProjects } from "./helpers/agent-run.js";
import { runCli } from "./helpers/project.js";

const fakes: FakeAnthropic[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
  await removeAgentProjects();
});

const random = () => randomBytes(12).toString("hex");
/** A declared secret with characters JSON and URLs escape. */
const ACME_TOKEN = `acme-"q"\\b/${random()}`;
const ANTHROPIC_API_KEY = `sk-ant-api03-${random()}`;
const GITHUB_TOKEN = `ghs_${random()}`;
/** Named in AGENT_EVALS_REDACT. */
const DATABASE_URL = `postgres://app:${random()}@db.internal/app`;
const SECRETS = { ACME_TOKEN, ANTHROPIC_API_KEY, GITHUB_TOKEN, DATABASE_URL };
/** A 4-line key (armor, 64 and 52 characters of base64, armor), redacted for its name alone. */
const KEY_BODY = [randomBytes(48).toString("base64"), randomBytes(39).toString("base64")];
const TEST_PRIVATE_KEY = [
  "-----BEGIN TEST PRIVATE KEY-----",
  ...KEY_BODY,
  "-----END TEST PRIVATE KEY-----",
].join("\n");

/** Every form of every secret that must not appear anywhere. */
function forbiddenForms(): Array<[string, Buffer]> {
  return Object.entries(SECRETS)
    .flatMap(([name, value]) => {
      const randomPart = /[0-9a-f]{24}/.exec(value)![0];
      return [
        [`${name} plain`, Buffer.from(value)],
        [`${name} in JSON`, Buffer.from(JSON.stringify(value).slice(1, -1))],
        [`${name} URL-encoded`, Buffer.from(encodeURIComponent(value))],
        [`${name} base64`, Buffer.from(Buffer.from(value).toString("base64").slice(0, -4))],
        // Any piece of its random part longer than what was printed on one line of the split form.
        [`${name} random part`, Buffer.from(randomPart.slice(0, 12))],
        [`${name} random part (end)`, Buffer.from(randomPart.slice(-12))],
      ] as Array<[string, Buffer]>;
    })
    .concat(
      KEY_BODY.flatMap((line, i): Array<[string, Buffer]> => [
        [`TEST_PRIVATE_KEY line ${i + 2}`, Buffer.from(line.slice(0, 16))],
        [`TEST_PRIVATE_KEY line ${i + 2} (end)`, Buffer.from(line.slice(-16))],
      ]),
    );
}

/** Every file under `dir`: its path relative to `root` and its bytes. */
async function allFiles(root: string, dir: string): Promise<Array<[string, Buffer]>> {
  const out: Array<[string, Buffer]> = [];
  for (const rel of await fs.readdir(dir, { recursive: true })) {
    const file = path.join(dir, rel);
    if ((await fs.lstat(file)).isFile())
      out.push([path.relative(root, file), await fs.readFile(file)]);
  }
  return out;
}

const LEAK_SCRIPT = `#!/bin/bash
T="$ACME_TOKEN"
echo "plain: $T"
echo "prompt: $1"
echo "argument: $2"
node -e 'console.log(JSON.stringify({ token: process.env.ACME_TOKEN, nested: JSON.stringify({ t: process.env.ACME_TOKEN }) }))'
printf '%s\\n%s\\n' "\${T:0:9}" "\${T:9}"
printf '%s' "$T" | base64
printf 'user:%s' "$T" | base64
echo "known: $GITHUB_TOKEN $ANTHROPIC_API_KEY listed: $DATABASE_URL"
echo "stderr: $T" >&2
printf '%s\\n' "$TEST_PRIVATE_KEY" | sed 's/$/\\r/'
printf 'line: %s\\n' "$(printf '%s\\n' "$TEST_PRIVATE_KEY" | sed -n 3p)"
acme login --token "$T"
printf '%s\\n' "$T" > secret.txt
echo done > done.txt
`;

const EVAL = `name: leak
prompt: |
  Log in to acme with the token {{ACME_TOKEN}}, then write done.txt.
secrets: [ACME_TOKEN]
sandbox: { fixture: { "README.md": "# app\\n" } }
shims:
  acme: { stdout: "logged in" }
timeout: 60
assertions:
  files: [done.txt]
  commands:
    - { run: 'echo "the check sees $ACME_TOKEN in $(cat secret.txt)"; exit 3' }
`;

describe("secrets never reach an output file", () => {
  it("scans every byte the CLI wrote after a script agent and claude echoed them every way", async () => {
    const { root, home } = await agentProject(EVAL, { "leak.sh": LEAK_SCRIPT });
    const claudeCommand = [
      'echo "plain $ACME_TOKEN"',
      'printf \'%s\\n%s\\n\' "${ACME_TOKEN:0:9}" "${ACME_TOKEN:9}"',
      'printf %s "$ACME_TOKEN" | base64',
      'echo "$ANTHROPIC_API_KEY $GITHUB_TOKEN"',
      'acme login --token "$ACME_TOKEN"',
      'printf "%s\\n" "$ACME_TOKEN" > secret.txt',
      "echo done > done.txt",
    ].join("; ");
    const script: AnthropicTurn[] = [
      { toolUse: { name: "Bash", input: { command: claudeCommand } } },
      { text: `Logged in with ${ACME_TOKEN} and ${GITHUB_TOKEN}; done.` },
    ];
    const fake = await startFakeAnthropic(script);
    fakes.push(fake);
    requireBin("claude");

    const template = `bash ${path.join(root, "leak.sh")} {prompt} ${GITHUB_TOKEN}`;
    const cli = await runCli(
      [
        "eval",
        "--cwd",
        root,
        "--agent",
        "claude-code",
        "--agent",
        template,
        "--history-dir",
        "history",
        "--format",
        "json",
      ],
      {
        env: {
          CI: "true",
          PATH: `${path.join(AGENT_CLIS_DIR, "bin")}${path.delimiter}${process.env.PATH ?? ""}`,
          HOME: home,
          ANTHROPIC_BASE_URL: fake.url,
          ANTHROPIC_AUTH_TOKEN: undefined,
          CLAUDE_CODE_MAX_RETRIES: "0",
          AGENT_EVALS_REDACT: "DATABASE_URL",
          ...SECRETS,
          TEST_PRIVATE_KEY,
        },
      },
    );
    const why = `exit ${cli.code}\n--- stdout\n${cli.stdout}\n--- stderr\n${cli.stderr}`;
    // Both agents ran and failed only the check that prints the secret on purpose.
    expect(cli.code, why).toBe(1);
    const run = JSON.parse(cli.stdout) as {
      evals: Array<{
        agent: string;
        status: string;
        trials: Array<{ dir: string; reason?: string }>;
      }>;
    };
    expect(
      run.evals.map((e) => e.status),
      why,
    ).toEqual(["failed", "failed"]);
    for (const e of run.evals) expect(e.trials[0]?.reason, why).toBe("1 of 2 checks failed");

    // Positive controls: the secrets really were echoed (claude sent its tool result back with
    // the secret in it), and what was written says *** in their place.
    const toolResults = JSON.stringify(fake.requests.map((r) => r.body.messages));
    expect(toolResults.includes(JSON.stringify(`plain ${ACME_TOKEN}`).slice(1, -1))).toBe(true);
    expect(toolResults.includes(ANTHROPIC_API_KEY)).toBe(true);
    const files = [
      ...(await allFiles(root, path.join(root, ".copybook"))),
      ...(await allFiles(root, path.join(root, "history"))),
    ];
    const names = files.map(([rel]) => rel);
    expect(names).toEqual(
      expect.arrayContaining([
        ".copybook/results/run.json",
        ".copybook/results/junit.xml",
        ".copybook/results/report.html",
        "history/leak.jsonl",
        expect.stringMatching(/trial-1\/agent\.stdout$/),
        expect.stringMatching(/trial-1\/calls\.jsonl$/),
        expect.stringMatching(/trial-1\/checks\.json$/),
        expect.stringMatching(/trial-1\/trial\.json$/),
      ]),
    );
    const text = (rel: RegExp) =>
      files
        .filter(([name]) => rel.test(name))
        .map(([, bytes]) => bytes.toString())
        .join("\n");
    expect(text(/agent\.stdout$/)).toContain("plain: ***");
    expect(text(/agent\.stdout$/)).toContain("known: *** *** listed: ***");
    expect(text(/agent\.stderr$/)).toContain("stderr: ***");
    // The key printed with CRLF endings, then its 52-character line alone.
    expect(text(/agent\.stdout$/)).toContain("***\r\nline: ***\n");
    expect(text(/calls\.jsonl$/)).toContain('"argv":["login","--token","***"]');
    expect(text(/checks\.json$/)).toContain("the check sees *** in ***");
    expect(text(/trial\.json$/)).toContain("Logged in with *** and ***; done.");

    // The scan: no form of any secret in any byte or any path written, nor on the console.
    const leaks: string[] = [];
    const outputs: Array<[string, Buffer]> = [
      ...files,
      ...files.map(([rel]): [string, Buffer] => [`path of ${rel}`, Buffer.from(rel)]),
      ["console stdout", Buffer.from(cli.stdout)],
      ["console stderr", Buffer.from(cli.stderr)],
    ];
    for (const [where, bytes] of outputs) {
      for (const [form, needle] of forbiddenForms()) {
        if (bytes.includes(needle)) leaks.push(`${form} in ${where}`);
      }
    }
    expect(leaks, `scanned ${outputs.length} outputs`).toEqual([]);
    expect(files.length).toBeGreaterThan(10);
  });
});
