// Finding and fetching the results an earlier attempt of this job uploaded, for a re-run to resume
// from. A workflow run's artifacts outlive its attempts (the results service lists every attempt's,
// and a name stays taken across them: see ./artifacts.ts), so attempt N finds attempt N−1's under
// the same name. The zip is fetched as it is (skipDecompress) and unpacked by ./unzip.ts, never by
// the client's extractor, which writes whatever the archive names.

import { promises as fs } from "node:fs";
import path from "node:path";

export interface EarlierArtifact {
  id: number;
  name: string;
  size: number;
  digest?: string;
}

/**
 * The artifact of this workflow run that the newest earlier attempt of this job uploaded: the
 * newest `<name>-<job>-attempt<k>` for k below `attempt` (what an attempt uploads when another job
 * of the run holds `name`: ./artifacts.ts), else `name`. One of the former says `name` is another
 * job's, however new it is (that job's own re-run replaces it). Undefined when there is none.
 */
export async function findEarlierArtifact(options: {
  name: string;
  job: string;
  attempt: number;
}): Promise<EarlierArtifact | undefined> {
  const { DefaultArtifactClient } = await import("@actions/artifact");
  const { artifacts } = await new DefaultArtifactClient().listArtifacts();
  const fallback = new RegExp(`^${escapeRegExp(`${options.name}-${options.job}-attempt`)}(\\d+)$`);
  const attemptOf = (name: string) => Number(fallback.exec(name)?.[1] ?? 0);
  const own = artifacts
    .filter((a) => attemptOf(a.name) > 0 && attemptOf(a.name) < options.attempt)
    .sort((a, b) => attemptOf(b.name) - attemptOf(a.name));
  const found = own[0] ?? artifacts.find((a) => a.name === options.name);
  return found
    ? {
        id: found.id,
        name: found.name,
        size: found.size,
        ...(found.digest ? { digest: found.digest } : {}),
      }
    : undefined;
}

/**
 * Downloads the artifact's zip, unopened, into `into` (an empty folder made for it); its path.
 * Throws when the download fails or its sha256 is not the one the service listed.
 */
export async function downloadArtifactZip(
  artifact: EarlierArtifact,
  into: string,
): Promise<string> {
  const { DefaultArtifactClient } = await import("@actions/artifact");
  const { digestMismatch } = await new DefaultArtifactClient().downloadArtifact(artifact.id, {
    path: into,
    skipDecompress: true,
    ...(artifact.digest ? { expectedHash: artifact.digest } : {}),
  });
  if (digestMismatch) throw new Error(`${artifact.name}: its sha256 is not the one listed`);
  const entries = await fs.readdir(into, { withFileTypes: true });
  const zip = entries.find((e) => e.isFile());
  if (entries.length !== 1 || !zip)
    throw new Error(`${artifact.name}: expected one downloaded file, found ${entries.length}`);
  return path.join(into, zip.name);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
