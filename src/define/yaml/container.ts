// A container provider's options in an eval (`sandbox.image`, `.cpus`, `.memory`, `.pids`) and
// the CLI (`--image` …), checked the same way everywhere.

/** A container provider's options: `sandbox.image`, `.cpus`, `.memory`, `.pids`. */
export interface ContainerOptionInput {
  image?: string;
  cpus?: number;
  memory?: string;
  pids?: number;
}

/** Docker's own form of a memory size: bytes, or a number with b, k, m or g. */
const MEMORY_SIZE = /^\d+(\.\d+)?[bkmg]?$/i;

/**
 * A container's image and limits, checked: the image a name Docker could take (never an option),
 * cpus above 0, memory in Docker's form, pids a whole number from 16 (a shell and an agent need a few).
 */
export function containerLimitProblem(
  input: ContainerOptionInput,
): { key: string; message: string; fix: string } | undefined {
  if (input.image !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._\-/:@]*$/.test(input.image))
    return {
      key: "image",
      message: `sandbox.image ${JSON.stringify(input.image)} is not an image name`,
      fix: "name a local image, e.g. `node:20` or `my-evals:latest` (`docker images` lists them)",
    };
  if (input.cpus !== undefined && !(Number.isFinite(input.cpus) && input.cpus > 0))
    return {
      key: "cpus",
      message: `sandbox.cpus ${input.cpus} is not a number of CPUs above 0`,
      fix: "write how many CPUs a trial may use, e.g. `cpus: 2` or `cpus: 1.5`",
    };
  if (input.memory !== undefined && !MEMORY_SIZE.test(input.memory))
    return {
      key: "memory",
      message: `sandbox.memory ${JSON.stringify(input.memory)} is not a memory size`,
      fix: "write bytes or a number with b, k, m or g, e.g. `memory: 2g` or `memory: 512m`",
    };
  if (input.pids !== undefined && !(Number.isInteger(input.pids) && input.pids >= 16))
    return {
      key: "pids",
      message: `sandbox.pids ${input.pids} is not a whole number of at least 16`,
      fix: "write the most processes a trial may have at once, e.g. `pids: 512`",
    };
  return undefined;
}
