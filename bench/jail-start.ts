// What the bwrap jail adds to starting one agent process, in three figures (medians of interleaved
// rounds): building the view's arguments (the socket table, the hidden folders); bwrap running
// `true` in one layer (the jail without an identity of its own) and in two (the agent's own user
// namespace inside it); and a whole jailed start of `true` (arguments, forwarders for the two
// default model APIs, node as their init, both bwraps) against a plain spawn. Needs bwrap, so it is
// not part of `npm run bench`:
//
//   npx tsx bench/jail-start.ts [rounds]        (default 30)

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { bwrapHost, innerArgs, outerArgs } from "../src/run/isolation/bwrap-host.js";
import { withJail, wrapCommand } from "../src/run/isolation/bwrap.js";
import { viewArgs } from "../src/run/isolation/jail-view.js";

function runToExit(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: "ignore" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
  });
}

async function timed(fn: () => unknown): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const signed = (x: number) => `${x < 0 ? "−" : "+"}${ms(Math.abs(x))}`;

async function main(rounds: number): Promise<void> {
  const host = await bwrapHost();
  if (typeof host === "string") throw new Error(host);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "agent-evals-bench-jail-"));
  const writable = ["work", "tmp", "home"].map((d) => path.join(root, d));
  for (const dir of writable) fs.mkdirSync(dir);
  const work = writable[0]!;
  const readable = (process.env.PATH ?? "").split(path.delimiter);
  const jail = {
    writable,
    readable,
    allow: [
      { host: "api.anthropic.com", port: 443 },
      { host: "api.openai.com", port: 443 },
    ],
    stateDir: root,
  };
  const flat = { bin: host.bin };
  const samples = { view: [] as number[], one: [] as number[], two: [] as number[] };
  const starts = { plain: [] as number[], jailed: [] as number[] };
  try {
    for (let i = 0; i < rounds; i++) {
      samples.view.push(await timed(() => viewArgs({ writable, readable })));
      samples.one.push(
        await timed(() => runToExit(host.bin, [...outerArgs(flat, false), "--", "true"], work)),
      );
      if (host.inner) {
        const two = [...outerArgs(host, false), "--", ...innerArgs(host, work), "true"];
        samples.two.push(await timed(() => runToExit(host.bin, two, work)));
      }
      starts.plain.push(await timed(() => runToExit("true", [], work)));
      starts.jailed.push(
        await timed(() =>
          withJail(jail, async () => {
            const wrapped = await wrapCommand("true", [], work);
            try {
              await runToExit(wrapped.command, wrapped.args, work);
            } finally {
              await wrapped.dispose();
            }
          }),
        ),
      );
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  const out = [
    `${rounds} rounds, load average ${os.loadavg()[0]!.toFixed(2)}`,
    `view arguments: ${ms(median(samples.view))}`,
    `bwrap true, one layer: ${ms(median(samples.one))}` +
      (host.inner
        ? `; two layers: ${ms(median(samples.two))} (${signed(median(samples.two) - median(samples.one))})`
        : "; two layers: not available here"),
    `agent process start: plain ${ms(median(starts.plain))}, jailed ${ms(median(starts.jailed))}`,
  ];
  process.stdout.write(`${out.join("\n")}\n`);
}

main(Number(process.argv[2] ?? 30)).catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exitCode = 1;
});
