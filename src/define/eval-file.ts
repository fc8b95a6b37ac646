// What an eval file must be before a byte of it is read: a name the file system gave back intact
// (UTF-8), a regular file (a FIFO would block the read forever), within the size limit (a 1.5 GB
// file is refused from its size, not read whole first), and, when it is a symlink, one that leads
// to a file inside the project (discovery lists links without following them).

import fs from "node:fs";
import path from "node:path";
import { Codes, DefinitionError, type DefinitionProblem, errorMessage } from "../model/index.js";

/** Eval files larger than this are rejected (AE114) before they are read. */
export const MAX_EVAL_FILE_BYTES = 1024 * 1024;

/** The problem with reading `file` as an eval file, or undefined when it may be read. */
export function evalFileProblem(file: string, projectRoot: string): DefinitionProblem | undefined {
  const problem = (code: string, message: string, fix: string) => ({ file, code, message, fix });
  let link: fs.Stats;
  try {
    link = fs.lstatSync(file);
  } catch (error) {
    // Node decodes a name that is not UTF-8 with U+FFFD in place of the bad bytes, and then
    // cannot find the file by that name.
    if (isCode(error, "ENOENT") && file.includes("\uFFFD")) {
      return problem(
        Codes.notUtf8,
        "the file's name is not UTF-8 (shown with \uFFFD for the bytes that are not)",
        "rename the file, and any folder on its path, to a UTF-8 name",
      );
    }
    return problem(
      Codes.badEvalFile,
      `cannot read the file: ${errorMessage(error)}`,
      "make the file readable",
    );
  }
  if (link.isSymbolicLink()) {
    let real: string;
    try {
      real = fs.realpathSync(file);
    } catch {
      return problem(
        Codes.badEvalFile,
        `the file is a symlink to ${fs.readlinkSync(file)}, which does not exist`,
        "remove the link, or point it at an eval file inside the project",
      );
    }
    if (!isInside(real, fs.realpathSync(projectRoot))) {
      return problem(
        Codes.badEvalFile,
        `the file is a symlink to ${real}, outside the project`,
        "copy the eval file into the project, or point the link at a file inside the project",
      );
    }
  }
  const stats = link.isSymbolicLink() ? fs.statSync(file) : link;
  if (!stats.isFile()) {
    return problem(
      Codes.badEvalFile,
      `the file is not a regular file (${kindOf(stats)})`,
      "make it a regular file, or rename it so it does not end in .eval.yaml / .eval.ts",
    );
  }
  if (stats.size > MAX_EVAL_FILE_BYTES) return tooLarge(file, stats.size);
  return undefined;
}

export function tooLarge(file: string, bytes: number): DefinitionProblem {
  return {
    file,
    code: Codes.tooLarge,
    message: `the file is ${bytes} bytes; an eval file may be at most 1 MiB`,
    fix: "split it into several eval files, or move large fixture content into a `sandbox.template` directory",
  };
}

function isInside(target: string, root: string): boolean {
  const rel = path.relative(root, target);
  return rel === "" || (!rel.startsWith(`..${path.sep}`) && rel !== ".." && !path.isAbsolute(rel));
}

function kindOf(stats: fs.Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a named pipe";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  return "not a file";
}

function isCode(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException)?.code === code;
}

/** The text of an eval file's bytes; throws AE114 when too large, AE113 when not UTF-8. */
export function decodeEvalFile(file: string, bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_EVAL_FILE_BYTES)
    throw new DefinitionError([tooLarge(file, bytes.byteLength)]);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new DefinitionError([
      {
        file,
        line: firstNonUtf8Line(bytes),
        code: Codes.notUtf8,
        message: "the file is not valid UTF-8",
        fix: "save the file with UTF-8 encoding",
      },
    ]);
  }
}

/** 1-based line of the first invalid UTF-8 sequence (a newline byte never occurs inside one). */
function firstNonUtf8Line(bytes: Uint8Array): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let line = 1;
  for (let start = 0; start <= bytes.length; line += 1) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline;
    try {
      decoder.decode(bytes.subarray(start, end));
    } catch {
      return line;
    }
    start = end + 1;
  }
  return 1;
}
