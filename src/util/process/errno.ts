/** The `code` of a Node system error (ENOENT, ESRCH, …), or undefined. */
export function errnoCode(err: unknown): string | undefined {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === "string" ? code : undefined;
}
