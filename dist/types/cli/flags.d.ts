export declare const FLAGS: {
    readonly cwd: {
        readonly type: "string";
        readonly value: "DIR";
        readonly help: "project root (default: the current directory)";
    };
    readonly evals: {
        readonly type: "string";
        readonly multiple: true;
        readonly value: "GLOB";
        readonly help: "eval files to load (repeatable; default evals/ and _evals/)";
    };
    readonly agent: {
        readonly type: "string";
        readonly multiple: true;
        readonly value: "NAME|CMD";
        readonly help: "agent to run instead of each eval's own: \"literal\", or a command\ntemplate such as \"my-agent --yes {prompt}\" (repeatable)";
    };
    readonly axis: {
        readonly type: "string";
        readonly value: "KIND";
        readonly help: "skill/command/hook evals: only their trigger, e2e or hook parts";
    };
    readonly trials: {
        readonly type: "string";
        readonly value: "N";
        readonly help: "trials per eval × agent (overrides the definitions)";
    };
    readonly concurrency: {
        readonly type: "string";
        readonly value: "N";
        readonly help: "trials run at once (default: the number of CPUs)";
    };
    readonly "all-trials": {
        readonly type: "boolean";
        readonly help: "run every planned trial, even once the verdict is decided";
    };
    readonly "budget-usd": {
        readonly type: "string";
        readonly value: "X";
        readonly help: "spend at most X US dollars: no trial starts unless its worst case fits";
    };
    readonly "history-dir": {
        readonly type: "string";
        readonly value: "DIR";
        readonly help: "append each eval × agent's verdict to DIR/<id>.jsonl; an eval whose prompt,\ndefinition and agent version match a recorded verdict is cached, not run";
    };
    readonly force: {
        readonly type: "boolean";
        readonly help: "run evals even when a recorded verdict matches";
    };
    readonly "no-cache": {
        readonly type: "boolean";
        readonly help: "without --history-dir, don't use the checkout's fingerprint cache";
    };
    readonly shard: {
        readonly type: "string";
        readonly value: "I/N";
        readonly help: "run shard I of N (a stable split of the eval × agent pairs, balanced by\nthe expected duration in --history-dir)";
    };
    readonly "shard-plan": {
        readonly type: "string";
        readonly value: "FILE";
        readonly help: "with --shard: take the split from this plan (`plan --shards N --format json`)";
    };
    readonly shards: {
        readonly type: "string";
        readonly value: "N|auto";
        readonly help: "plan: split into N shards (auto: by suite size); prints each shard's\npairs and expected cost, and the balance (heaviest ÷ mean)";
    };
    readonly changed: {
        readonly type: "boolean";
        readonly help: "only evals whose prompt, definition or sandbox contents differ at --base";
    };
    readonly base: {
        readonly type: "string";
        readonly value: "REF";
        readonly help: "the git ref --changed compares with (default origin/main); for\ncompare, the ref whose evals are the control (required)";
    };
    readonly "fail-on": {
        readonly type: "string";
        readonly value: "WHEN";
        readonly help: "compare: exit 1 on a `regression` (default), on a `failure` of the\ntreatment too, or `never`";
    };
    readonly margin: {
        readonly type: "string";
        readonly value: "PTS";
        readonly help: "compare and variants: a difference within ±PTS points is `no-change`\n(default 10)";
    };
    readonly "dry-run": {
        readonly type: "boolean";
        readonly help: "print the plan (as `plan`) and run nothing";
    };
    readonly "keep-workspace": {
        readonly type: "boolean";
        readonly help: "keep each trial's sandbox on disk and print where";
    };
    readonly format: {
        readonly type: "string";
        readonly value: "text|json";
        readonly help: "console output (json prints run.json)";
    };
    readonly "unsafe-local": {
        readonly type: "boolean";
        readonly help: "run agents outside CI (without CI=true)";
    };
    readonly "real-home": {
        readonly type: "boolean";
        readonly help: "run trials with your real HOME (shell rc files, ~/.claude memory, skills,\nagents, commands, hooks, plugins, MCP servers, ~/.codex config) instead of\na HOME per trial holding only the login files; not with --sandbox bwrap/auto";
    };
    readonly sandbox: {
        readonly type: "string";
        readonly value: "KIND";
        readonly help: `${string}. none (default): a temp dir per trial; bwrap: bubblewrap
(read-only view outside the workspace, loopback-only network plus the model
APIs), or refuse to run where it does not work; docker: a container per
trial from --image (network none plus the model APIs, CPU/memory/pid limits);
auto: bwrap where it works. An eval's sandbox.kind may ask for more, never less`;
    };
    readonly image: {
        readonly type: "string";
        readonly value: "IMAGE";
        readonly help: "docker: the local image trials run in, for evals without sandbox.image";
    };
    readonly cpus: {
        readonly type: "string";
        readonly value: "N";
        readonly help: "docker: CPUs per trial (e.g. 2 or 1.5), for evals without sandbox.cpus";
    };
    readonly memory: {
        readonly type: "string";
        readonly value: "SIZE";
        readonly help: "docker: memory per trial (e.g. 2g, 512m), for evals without sandbox.memory";
    };
    readonly pids: {
        readonly type: "string";
        readonly value: "N";
        readonly help: "docker: most processes per trial (default 4096), for evals without sandbox.pids";
    };
    readonly from: {
        readonly type: "string";
        readonly value: "DIR";
        readonly help: "recheck: the results folder whose outcomes are rechecked (default:\n.copybook/results, the last run's)";
    };
    readonly out: {
        readonly type: "string";
        readonly value: "DIR";
        readonly help: "merge: where the merged run goes (default: .copybook/results)";
    };
    readonly action: {
        readonly type: "string";
        readonly value: "OWNER/REPO@REF";
        readonly help: "init: the Action the workflow uses (default: package.json's repository\nat the release tag, org/agent-evals@v1); a fork, or a pinned commit";
    };
    readonly verbose: {
        readonly type: "boolean";
        readonly help: "also show passing trials and checks";
    };
    readonly quiet: {
        readonly type: "boolean";
        readonly help: "only the summary and failures";
    };
    readonly help: {
        readonly type: "boolean";
        readonly short: "h";
        readonly help: "this help";
    };
    readonly version: {
        readonly type: "boolean";
        readonly short: "v";
        readonly help: "the version";
    };
};
export type FlagName = keyof typeof FLAGS;
type ValueOf<F> = F extends {
    type: "boolean";
} ? boolean : F extends {
    multiple: true;
} ? string[] : string;
/** The parsed command line: each flag's value, when given. */
export type Flags = {
    -readonly [K in FlagName]?: ValueOf<(typeof FLAGS)[K]>;
};
/** Parses argv against the table; throws parseArgs' error on an unknown flag or a missing value. */
export declare function parseFlags(argv: string[]): {
    flags: Flags;
    positionals: string[];
};
/** Help lines for some flags: `  --name VALUE   text`, continuation lines aligned. */
export declare function flagHelp(names: readonly FlagName[]): string[];
export {};
