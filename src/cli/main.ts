// The `agent-evals` command line: parse the flags (cli/flags.ts), pick the command
// (cli/commands/index.ts), run it. Exit 0 all passed/skipped/cached, 1 some failed, 2 the harness
// could not run (bad input, refused by the CI gate): an AgentEvalsError carries its exit code.

import path from "node:path";
import {
  AgentEvalsError,
  DefinitionError,
  type DefinitionProblem,
  formatProblem,
  UsageError,
  VERSION,
} from "../model/index.js";
import { COMMANDS, type Command } from "./commands/index.js";
import { flagHelp, FLAGS, parseFlags, type FlagName } from "./flags.js";
import { complain } from "./terminal.js";

const INTRO = `agent-evals ${VERSION}: give prompts to real coding agents in a sandbox and check what they did.`;

const ALWAYS: readonly FlagName[] = ["help", "version"];

/** The help of every command and every flag. */
export function globalHelp(): string {
  const usage = COMMANDS.map((c) => {
    const head = `  agent-evals ${c.name} ${c.args}`.trimEnd();
    const [first, ...rest] = c.summary.split("\n");
    return [`${head.padEnd(38)} ${first}`, ...rest.map((l) => `${" ".repeat(39)}${l}`)].join("\n");
  });
  return `${INTRO}\n\nUsage:\n${usage.join("\n")}\n\nOptions:\n${flagHelp(Object.keys(FLAGS) as FlagName[]).join("\n")}\n\nRun \`agent-evals COMMAND --help\` for one command's options.\n`;
}

/** One command's help: its usage line, what it does, the flags it takes. */
export function commandHelp(command: Command): string {
  const usage = `agent-evals ${command.name} ${command.args}`.trimEnd();
  return `${usage}\n\n${command.summary.replace(/\n/g, " ")}\n\nOptions:\n${flagHelp([...command.flags, ...ALWAYS]).join("\n")}\n`;
}

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseFlags(argv);
  } catch (error) {
    return usage(parseErrorMessage(error as Error & { code?: string }));
  }
  const { flags, positionals } = parsed;
  if (flags.version) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  const [name, ...names] = positionals;
  const command = COMMANDS.find((c) => c.name === name);
  if (flags.help) {
    process.stdout.write(command ? commandHelp(command) : globalHelp());
    return 0;
  }
  if (!name) {
    process.stdout.write(globalHelp());
    return 2;
  }
  try {
    if (!command)
      throw new UsageError(
        `unknown command ${JSON.stringify(name)}: use ${COMMANDS.map((c) => c.name).join(", ")}`,
      );
    const projectRoot = path.resolve(flags.cwd ?? ".");
    return await command.run({ projectRoot, names, flags });
  } catch (error) {
    if (error instanceof UsageError) return usage(error.message);
    if (error instanceof DefinitionError) {
      complain(`${error.problems.map(formatProblem).join("\n")}\n`);
      complain(
        `agent-evals: ${error.problems.length} problem(s) in the eval definitions; nothing was run.\n`,
      );
      if (flags.format === "json") writeJsonError(error, error.problems);
      return error.exitCode;
    }
    if (error instanceof AgentEvalsError) {
      complain(`agent-evals: ${error.message}\n`);
      if (flags.format === "json") writeJsonError(error);
      return error.exitCode;
    }
    throw error;
  }
}

/**
 * With --format json, stdout carries JSON even when nothing ran: the error (its code, message and
 * exit code) and, for bad definitions, each problem as it is (file, line, code, message, fix).
 */
function writeJsonError(error: AgentEvalsError, problems?: readonly DefinitionProblem[]): void {
  const body = {
    error: { code: error.code, message: error.message, exitCode: error.exitCode },
    ...(problems ? { problems } : {}),
  };
  process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
}

/** parseArgs' message for an unknown option ends in an unbalanced quote: say it plainly instead. */
function parseErrorMessage(error: Error & { code?: string }): string {
  const unknown = /^Unknown option '([^']+)'/.exec(error.message);
  if (error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && unknown) {
    return `unknown option ${unknown[1]} (a value that starts with "-" goes after \`--\`)`;
  }
  return error.message;
}

function usage(message: string): number {
  complain(`agent-evals: ${message}\nRun \`agent-evals --help\` for the options.\n`);
  return 2;
}
