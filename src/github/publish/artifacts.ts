// Uploading a run's results folder as a workflow artifact, through @actions/artifact (loaded only
// when something is uploaded). The client zips the files, streams the zip to blob storage and
// reports its size and sha256 to the results service; see test/fakes/results-service.ts.

import { promises as fs } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { kindOf, openRegular } from "../../util/index.js";
import { findEarlierArtifact } from "./earlier-artifact.js";

export interface UploadResultsOptions {
  /**
   * The folder to upload, e.g. `.copybook/results`; every regular file under it is uploaded (a
   * link, to a file or a folder, is never followed; links and special files are left out).
   */
  dir: string;
  /** The artifact's name (the client rejects `"`, `:`, `<`, `>`, `|`, `*`, `?`, `\`, `/`). */
  name: string;
  /** Days to keep the artifact (capped by the repository's setting); default: the repository's. */
  retentionDays?: number;
  /**
   * Applied to every text file (valid UTF-8) before upload, e.g. to mask secrets. The files are
   * redacted in a temporary copy; `dir` itself is never modified.
   */
  redact?: (text: string) => string;
  /**
   * The workflow run's attempt (GITHUB_RUN_ATTEMPT) and job (GITHUB_JOB). When the name is taken in
   * this run: on a re-run attempt (> 1) the earlier attempt's artifact is replaced, unless that
   * earlier attempt itself uploaded as `<name>-<job>-attempt<k>` (then the name is another job's);
   * otherwise (another job or step took the name) this one is uploaded as
   * `<name>-<job>-attempt<attempt>` instead.
   */
  attempt?: number;
  job?: string;
  /** Says what was done about a taken name, and each link or special file left out. */
  log?: (message: string) => void;
}

export interface UploadResultsResult {
  /** The artifact's id, when the service gave one. */
  id?: number;
  name: string;
  /** Bytes uploaded (the zip), as the client reports them; 0 when there was nothing to upload. */
  size: number;
  /** Files put in the artifact. */
  files: number;
  /** The artifact's page, when GITHUB_REPOSITORY and GITHUB_RUN_ID are set. */
  url?: string;
}

/** The web page of an artifact: `${serverUrl}/${repo}/actions/runs/${runId}/artifacts/${id}`. */
export function artifactUrl(
  serverUrl: string,
  repo: string,
  runId: string | number,
  artifactId: string | number,
): string {
  return `${serverUrl.replace(/\/+$/, "")}/${repo}/actions/runs/${runId}/artifacts/${artifactId}`;
}

/**
 * Upload every regular file under `options.dir` as one artifact. Throws when the upload fails (the
 * caller decides whether that fails the run). A folder with no files uploads nothing and
 * returns `{ size: 0, files: 0 }`.
 */
export async function uploadResults(options: UploadResultsOptions): Promise<UploadResultsResult> {
  const dir = path.resolve(options.dir);
  let relFiles = await listFiles(dir, options.log);
  if (relFiles.length === 0) return { name: options.name, size: 0, files: 0 };

  let root = dir;
  let staging: string | undefined;
  try {
    if (options.redact) {
      staging = await fs.mkdtemp(path.join(tmpdir(), "agent-evals-upload-"));
      root = path.join(staging, "results");
      relFiles = await stageRedacted(dir, root, relFiles, options.redact, options.log);
      if (relFiles.length === 0) return { name: options.name, size: 0, files: 0 };
    }
    const { DefaultArtifactClient } = await import("@actions/artifact");
    const client = new DefaultArtifactClient();
    const send = (name: string) =>
      client.uploadArtifact(
        name,
        relFiles.map((rel) => path.join(root, rel)),
        root,
        options.retentionDays === undefined ? {} : { retentionDays: options.retentionDays },
      );
    let name = options.name;
    let response: Awaited<ReturnType<typeof send>>;
    try {
      response = await send(name);
    } catch (error) {
      if (!nameTaken(error)) throw error;
      const attempt = options.attempt ?? 1;
      const job = options.job ?? "job";
      if (attempt > 1 && (await takenByEarlierAttempt(name, job, attempt))) {
        // A re-run: the name is the earlier attempt's. Replace it (names stay taken across
        // attempts), so the name's consumers (download-artifact by name or pattern, the report
        // job's merge) get this attempt's results, which hold every trial a resume kept.
        await client.deleteArtifact(name);
        options.log?.(`${name}: replaced the artifact of an earlier attempt of this run`);
      } else {
        name = `${name}-${job}-attempt${attempt}`;
        options.log?.(
          `${options.name} is already taken in this run (another job or step uploaded it): uploaded as ${name}; give each job its own artifact-name`,
        );
      }
      response = await send(name);
    }
    const result: UploadResultsResult = {
      name,
      size: response.size ?? 0,
      files: relFiles.length,
    };
    if (response.id !== undefined) {
      result.id = response.id;
      const repo = process.env["GITHUB_REPOSITORY"];
      const runId = process.env["GITHUB_RUN_ID"];
      if (repo && runId) {
        const server = process.env["GITHUB_SERVER_URL"] || "https://github.com";
        result.url = artifactUrl(server, repo, runId, response.id);
      }
    }
    return result;
  } finally {
    if (staging) await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Whether `name` is this job's own from an earlier attempt: not when an earlier attempt of this job
 * had to upload as `<name>-<job>-attempt<k>`, which says another job holds `name` (and deleting it
 * would lose that job's results).
 */
async function takenByEarlierAttempt(name: string, job: string, attempt: number): Promise<boolean> {
  const earlier = await findEarlierArtifact({ name, job, attempt });
  return earlier === undefined || earlier.name === name;
}

/** The service's 409: an artifact of that name exists in this workflow run. */
function nameTaken(error: unknown): boolean {
  return /\(409\)|already exists|Conflict/i.test((error as Error)?.message ?? "");
}

/**
 * Regular files under `dir`, as sorted paths relative to `dir`. A link is never followed, to a file
 * or a folder: an agent of a `--sandbox none` run can plant one in the results folder (to a secret,
 * to /dev/zero), and the artifact is public to whoever can read the repository. Links, FIFOs,
 * sockets and devices are left out, each said through `log`.
 */
async function listFiles(dir: string, log?: (message: string) => void): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string): Promise<void> {
    // Dirent types come from the folder itself (lstat-like): a link is a link here.
    const entries = await fs.readdir(path.join(dir, rel), { withFileTypes: true });
    for (const entry of entries) {
      const childRel = rel ? path.join(rel, entry.name) : entry.name;
      if (entry.isDirectory()) await walk(childRel);
      else if (entry.isFile()) out.push(childRel);
      else {
        const stats = await fs.lstat(path.join(dir, childRel)).catch(() => undefined);
        if (stats) log?.(`${childRel} is ${kindOf(stats)}: not uploaded`);
      }
    }
  }
  await walk("");
  return out.sort();
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function decodeUtf8(bytes: Buffer): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Copy `relFiles` from `from` to `to`, passing text files through `redact`; resolves to the files
 * copied. Each is opened without following a link and read only if it is still a regular file
 * (one swapped for a link or FIFO since it was listed is left out and said).
 */
async function stageRedacted(
  from: string,
  to: string,
  relFiles: string[],
  redact: (text: string) => string,
  log?: (message: string) => void,
): Promise<string[]> {
  const staged: string[] = [];
  for (const rel of relFiles) {
    const source = path.join(from, rel);
    const dest = path.join(to, rel);
    const opened = await openRegular(source);
    if (opened.kind !== "file") {
      if (opened.kind === "refused") log?.(`${rel} is ${opened.what}: not uploaded`);
      continue;
    }
    let bytes: Buffer;
    let mode: number;
    try {
      bytes = await opened.handle.readFile();
      mode = (await opened.handle.stat()).mode;
    } finally {
      await opened.handle.close();
    }
    await fs.mkdir(path.dirname(dest), { recursive: true });
    const text = decodeUtf8(bytes);
    const redacted = text === undefined ? undefined : redact(text);
    await fs.writeFile(dest, redacted === undefined || redacted === text ? bytes : redacted);
    await fs.chmod(dest, mode & 0o777);
    staged.push(rel);
  }
  return staged;
}
