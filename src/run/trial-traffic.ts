// A trial's model traffic, recorded, replayed or relayed (`--record`, `--replay`, the provider gate;
// docs/record-replay.md, docs/reliability.md › Rate limits): a proxy on loopback between the agent
// and its model API, started before the agent and closed after it. Recording stores the cassette in
// the trial's results folder; replaying answers from the recorded one, and a request it has no
// answer for ends the trial as a replay miss; relaying keeps nothing. Recording and relaying send
// every request through its provider's gate, one per provider for the whole run.

import fs from "node:fs";
import path from "node:path";
import {
  Codes,
  errorMessage,
  InfraError,
  type AgentAdapter,
  type EvalSpec,
} from "../model/index.js";
import type { OpenJudgeTraffic } from "../check/index.js";
import type { Endpoint } from "./isolation/forward.js";
import type { ProviderGates } from "./providers/index.js";
import { claimTempDir, makeTempDir } from "./workspace/io.js";
import {
  CASSETTE_FILE,
  CASSETTE_NAMES,
  PLAIN_CASSETTE_FILE,
  readCassette,
  startModelProxy,
  writeCassette,
  type Cassette,
  type ModelProxy,
  type ProxyOutcome,
  type RateLimitCounts,
} from "./replay/index.js";

/** The cassette's name in a trial's results folder (gzip-compressed; a plain one reads too). */
export { CASSETTE_FILE };

/**
 * The cassette of the judge call `name` (`judge-2-1`: check 2, sample 1), beside the trial's:
 * `judge-2-1.cassette.json.gz` (compressed as the agent's is), as its transcripts are
 * `judge-2-1.stdout`.
 */
export function judgeCassetteFile(name: string): string {
  return `${name}.cassette.json.gz`;
}

/** A trial folder's cassette files: the agent's (either name) and its judge calls'. */
export function isCassetteFile(name: string): boolean {
  return CASSETTE_NAMES.includes(name) || /^judge-\d+-\d+\.cassette\.json(?:\.gz)?$/.test(name);
}

/** What a run does with its trials' model traffic. */
export type TrafficMode =
  | { mode: "record" }
  /** `cassette`: the recorded trial's cassette file (the suite finds it in the replay folder). */
  | { mode: "replay"; cassette: string }
  /** Passed on through the provider gates, nothing kept (an agent whose URL cannot move: direct). */
  | { mode: "relay" };

/** A trial's tally of what the provider gates did for it (its agent's proxy and its judges'). */
export function emptyRateLimits(): RateLimitCounts {
  return { absorbed: 0, heldMs: 0 };
}

/** The trial's proxy while it runs. */
export interface TrialTraffic {
  mode: TrafficMode["mode"];
  /** What the agent uses as its model base URL. */
  baseUrl: string;
  /** The proxy's address, for a sandbox that limits the network. */
  endpoint: Endpoint;
  /** Variables the agent gets on top of the trial's: a stand-in login for a replay. */
  env: Record<string, string>;
  proxy: ModelProxy;
}

/** A trial that asked the recording for an answer it does not hold (never a pass, never retried). */
export class ReplayMissError extends InfraError {
  override readonly code: string = Codes.replayMiss;
  constructor(message: string) {
    super(message, false);
    this.name = "ReplayMissError";
  }
}

/**
 * The trial's proxy, when the run records or replays and the trial has an agent. An agent whose
 * traffic cannot be moved (no `modelUpstream`) cannot be: that is said, not silently run live.
 */
export async function openTraffic(input: {
  traffic?: TrafficMode;
  agent?: AgentAdapter;
  spec: EvalSpec;
  env: Record<string, string>;
  /**
   * Paths that differ from run to run (workspace, HOME, TMPDIR): placeholders for matching. Asked
   * for only when a cassette is written or read: a relay keeps nothing to match.
   */
  volatile: () => Record<string, string>;
  /** A replay's recording, as `readRecording` read it when the trial opened. */
  recording?: Recording;
  /** The run's provider gates (record, relay). */
  gates?: ProviderGates;
  /** When the agent's time runs out (epoch ms): the gate holds no request past it. */
  holdUntil?: () => number | undefined;
}): Promise<TrialTraffic | undefined> {
  const { traffic, agent } = input;
  // A free agent (literal, scripts) calls no model: nothing to record or replay.
  if (!traffic || !agent || agent.free) return undefined;
  if (traffic.mode === "relay" && !relays(agent, input.env)) return undefined;
  const upstream = upstreamOf(agent, traffic.mode, input.env, input.spec.model, "agent");
  if (!upstream) return undefined;
  const recorded = traffic.mode === "replay" ? recordedOf(input.recording) : undefined;
  const volatile = traffic.mode === "relay" ? {} : input.volatile();
  return startTraffic(traffic.mode, agent, upstream, recorded, input.env, volatile, {
    ...(input.gates ? { gates: input.gates } : {}),
    ...(input.holdUntil ? { holdUntil: input.holdUntil } : {}),
  });
}

/** How close to its deadline a held request is let go, so its caller can still meet the answer. */
const HOLD_MARGIN_MS = 30_000;

/**
 * When the gate stops holding a request of a call that started at `start` with `limitMs` to run:
 * 30 s (or a quarter of the limit, if less) before its end.
 */
export function holdUntilOf(start: number, limitMs: number): () => number {
  return () => start + limitMs - Math.min(HOLD_MARGIN_MS, limitMs / 4);
}

/**
 * Whether `agent` (a trial's, or a judge's) relays its traffic through the provider gates when the
 * run neither records nor replays: an agent that calls a model, whose URL can be moved, and that logs in
 * with one of its credential variables. A saved login (claude's OAuth in ~/.claude, codex's ChatGPT
 * login) is left to talk to its API directly: such a login may use another endpoint than the one
 * agent-evals would move.
 */
export function relays(agent: AgentAdapter, env: Record<string, string>): boolean {
  if (agent.free || !agent.modelUpstream) return false;
  const names = agent.credentialEnv ?? [];
  return names.length === 0 || names.some((name) => env[name]);
}

/**
 * Where `agent` sends its model traffic, or why it cannot be recorded or replayed (a relay of an
 * agent whose URL cannot be moved: undefined, the agent talks to its API directly).
 */
export function upstreamOf(
  agent: AgentAdapter,
  mode: TrafficMode["mode"],
  env: Record<string, string>,
  model: string | undefined,
  role: "agent" | "judge",
): string | undefined {
  const upstream = agent.modelUpstream?.({ env, ...(model !== undefined ? { model } : {}) });
  if (!upstream && mode === "relay") return undefined;
  if (!upstream)
    throw new InfraError(
      `the ${agent.name} ${role}'s model traffic cannot be ${mode}ed: it has no base URL agent-evals can point at a proxy (docs/record-replay.md lists what each agent needs)`,
      false,
    );
  return upstream;
}

async function startTraffic(
  mode: TrafficMode["mode"],
  agent: AgentAdapter,
  upstream: string,
  recorded: Cassette | undefined,
  env: Record<string, string>,
  volatile: Record<string, string>,
  gating: { gates?: ProviderGates; holdUntil?: () => number | undefined } = {},
): Promise<TrialTraffic> {
  const gate = mode !== "replay" ? gating.gates?.gateFor(upstream) : undefined;
  const proxy = await startModelProxy({
    mode,
    upstream,
    ...(recorded ? { recorded } : {}),
    volatile,
    ...(gate ? { gate } : {}),
    ...(gate && gating.holdUntil ? { holdUntil: gating.holdUntil } : {}),
  });
  const { hostname, port } = new URL(proxy.url);
  return {
    mode,
    baseUrl: proxy.url,
    endpoint: { host: hostname, port: Number(port) },
    env: mode === "replay" ? standInLogin(agent, env) : {},
    proxy,
  };
}

/**
 * What opens each judge call's proxy when the run records or replays (undefined when it does
 * neither). A judge calls a real model whatever did the work, so a judge call is recorded to, and
 * replayed from, a cassette of its own beside the trial's (`judge-2-1.cassette.json.gz`); a replay
 * whose call has no such file, or asks what the file does not hold, is a replay miss.
 */
export function judgeTrafficOpener(input: {
  traffic?: TrafficMode;
  /** The trial's results folder: the recording (and a replay's exchanges) are written here. */
  outDir: string;
  /** The trial's folder, written into each cassette as the agent's is. */
  trialRoot: string;
  /** The trial's paths that differ from run to run, given the judge's program. */
  volatile: (executable: string | undefined) => Record<string, string>;
  /** The run's provider gates (record, relay). */
  gates?: ProviderGates;
  /** The trial's tally: each judge call's proxy adds what its gate did. */
  rateLimits?: RateLimitCounts;
}): OpenJudgeTraffic | undefined {
  const { traffic } = input;
  if (!traffic) return undefined;
  return async ({ name, adapter, env, model, timeoutMs }) => {
    if (traffic.mode === "relay" && !relays(adapter, env)) return undefined;
    const upstream = upstreamOf(adapter, traffic.mode, env, model, "judge");
    if (!upstream) return undefined;
    const file = judgeCassetteFile(name);
    const recorded =
      traffic.mode === "replay"
        ? await recordedCassette(path.join(path.dirname(traffic.cassette), file), `judge ${name}`)
        : undefined;
    const opened = await startTraffic(
      traffic.mode,
      adapter,
      upstream,
      recorded,
      env,
      traffic.mode === "relay" ? {} : input.volatile(adapter.executable),
      input.gates ? { gates: input.gates, holdUntil: holdUntilOf(Date.now(), timeoutMs) } : {},
    );
    return {
      baseUrl: opened.baseUrl,
      env: opened.env,
      replay: opened.mode === "replay",
      close: async () => {
        await closeTraffic(opened, input.outDir, input.trialRoot, {
          cassette: file,
          miss: `${name}.replay-miss.txt`,
          what: `judge ${name}`,
          ...(input.rateLimits ? { rateLimits: input.rateLimits } : {}),
        });
      },
    };
  };
}

/**
 * A replayed agent talks to the proxy only, which never checks a key; but a CLI without any login
 * refuses to start. Where none of its credential variables is set, the first gets a stand-in.
 */
function standInLogin(agent: AgentAdapter, env: Record<string, string>): Record<string, string> {
  const names = agent.credentialEnv ?? [];
  if (names.length === 0 || names.some((name) => env[name])) return {};
  return { [names[0]!]: REPLAY_STAND_IN_KEY };
}

/** The stand-in login a replayed agent gets (it never leaves the machine). */
export const REPLAY_STAND_IN_KEY = "agent-evals-replay-no-key";

/**
 * The proxy closed, its exchanges written beside the trial's other files; a replay's first miss
 * thrown as the trial's outcome (the agent's run after a miss answered nothing true).
 */
export async function closeTraffic(
  traffic: TrialTraffic | undefined,
  outDir: string,
  trialRoot: string,
  /**
   * The files it writes, whose traffic it was (a judge call's; the agent's by default), and the
   * trial's tally the gate's counts are added to.
   */
  names: { cassette: string; miss: string; what?: string; rateLimits?: RateLimitCounts } = {
    cassette: CASSETTE_FILE,
    miss: "replay-miss.txt",
  },
): Promise<ProxyOutcome | undefined> {
  if (!traffic) return undefined;
  const outcome = await traffic.proxy.close();
  if (names.rateLimits) {
    names.rateLimits.absorbed += outcome.rateLimits.absorbed;
    names.rateLimits.heldMs += outcome.rateLimits.heldMs;
  }
  // A relay keeps nothing.
  if (traffic.mode === "relay") return outcome;
  // A replay writes what it served too: `diverge` compares it with the recording.
  await writeCassette(path.join(outDir, names.cassette), { ...outcome.cassette, trialRoot });
  if (traffic.mode === "record") return outcome;
  const miss = outcome.misses[0];
  if (miss) {
    fs.writeFileSync(path.join(outDir, names.miss), `${miss.message}\n\n${miss.diff}\n`);
    throw new ReplayMissError(
      `${names.what ? `${names.what}: ` : ""}replay miss: ${miss.message}${outcome.misses.length > 1 ? ` (and ${outcome.misses.length - 1} more)` : ""}`,
    );
  }
  return outcome;
}

/**
 * The recorded trial's cassette. The replay folder may be a downloaded artifact: a link or a
 * FIFO in its place is refused before anything opens it.
 */
async function recordedCassette(file: string, what?: string) {
  const of = what ? `${what}: ` : "";
  const stats = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!stats)
    throw new ReplayMissError(
      `${of}replay miss: no recording of this ${what ? "judge call" : "trial"} (${file} does not exist); record it with --record`,
    );
  if (!stats.isFile())
    throw new ReplayMissError(
      `${of}replay miss: ${file} is not a regular file (${stats.isSymbolicLink() ? "a symlink" : "a special file"}); not read`,
    );
  // A plain copy beside the compressed one (unpacked to edit it?): which one is meant is unclear.
  const plain = path.join(path.dirname(file), PLAIN_CASSETTE_FILE);
  if (path.basename(file) === CASSETTE_FILE && fs.lstatSync(plain, { throwIfNoEntry: false }))
    throw new ReplayMissError(
      `replay miss: both ${CASSETTE_FILE} and ${PLAIN_CASSETTE_FILE} are in ${path.dirname(file)}; keep the one to replay`,
    );
  try {
    return await readCassette(file, { noFollow: true });
  } catch (error) {
    throw new ReplayMissError(
      `${of}replay miss: the recording cannot be read: ${errorMessage(error)}`,
    );
  }
}

/**
 * The folder the recorded trial ran in, taken for this replay where it is free: model answers
 * name absolute paths (claude's Read and Edit take nothing else), which then lead into this
 * trial's workspace. Undefined when not replaying, or the recording names none or one elsewhere.
 */
export function replayRoot(recording: Recording | undefined): string | undefined {
  const root = !recording
    ? undefined
    : "cassette" in recording
      ? recording.cassette.trialRoot
      : recording.judgeRoot;
  return root ? claimTempDir(root) : undefined;
}

/**
 * A replayed trial's recording: its cassette, or the miss that reading it was; then, for a trial
 * whose agent made no model traffic (literal, scripts), the folder its judge calls ran in.
 */
export type Recording = { cassette: Cassette } | { miss: ReplayMissError; judgeRoot?: string };

/** The trial's recording, read once when it opens (its folder and its proxy both use it). */
export async function readRecording(
  traffic: TrafficMode | undefined,
): Promise<Recording | undefined> {
  if (traffic?.mode !== "replay") return undefined;
  try {
    return { cassette: await recordedCassette(traffic.cassette) };
  } catch (error) {
    if (!(error instanceof ReplayMissError)) throw error;
    const judgeRoot = await judgeRecordingRoot(path.dirname(traffic.cassette));
    return { miss: error, ...(judgeRoot ? { judgeRoot } : {}) };
  }
}

/** The trial folder the first judge call's cassette in `dir` names (regular files only). */
async function judgeRecordingRoot(dir: string): Promise<string | undefined> {
  let names: string[];
  try {
    names = fs.readdirSync(dir).sort();
  } catch {
    return undefined;
  }
  for (const name of names) {
    if (name === CASSETTE_FILE || !isCassetteFile(name)) continue;
    try {
      const cassette = await recordedCassette(path.join(dir, name));
      if (cassette.trialRoot) return cassette.trialRoot;
    } catch {
      // not readable: its judge call misses when it runs
    }
  }
  return undefined;
}

function recordedOf(recording: Recording | undefined): Cassette {
  if (!recording) throw new ReplayMissError("replay miss: no recording was read for this trial");
  if ("miss" in recording) throw recording.miss;
  return recording.cassette;
}

/**
 * The replay folder, safe from the run: when it is (inside) the results folder the run is about
 * to empty, its cassettes are first copied to a folder of their own (regular files only, links
 * not followed), removed by `dispose`.
 */
export async function stageReplaySource(
  from: string,
  resultsDir: string,
): Promise<{ from: string; dispose: () => Promise<void> }> {
  const inside = path.relative(resultsDir, from);
  if (inside.startsWith("..") || path.isAbsolute(inside)) return { from, dispose: async () => {} };
  const staged = await makeTempDir("replay-source");
  copyCassettes(from, staged);
  return { from: staged, dispose: () => fs.promises.rm(staged, { recursive: true, force: true }) };
}

/** The cassettes under `from` (either name), copied to `to` in the same layout (regular files only). */
export function copyCassettes(from: string, to: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) count += copyCassettes(source, path.join(to, entry.name));
    else if (entry.isFile() && isCassetteFile(entry.name)) {
      fs.mkdirSync(to, { recursive: true });
      fs.copyFileSync(source, path.join(to, entry.name));
      count += 1;
    }
  }
  return count;
}
