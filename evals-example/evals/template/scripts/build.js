// The example project's "build": it needs a database URL, as many real projects do.
import { existsSync, readFileSync } from "node:fs";

const env = existsSync(".env.local") ? readFileSync(".env.local", "utf8") : "";
const url = /^DATABASE_URL=(\S+)$/m.exec(env)?.[1] ?? process.env.DATABASE_URL;
if (!url && process.env.BUILD_WITHOUT_DB !== "1") {
  console.error("build: DATABASE_URL is not set (.env.local is missing or has no DATABASE_URL)");
  process.exit(1);
}
console.log(`build: ok${url ? ` (database ${new URL(url).hostname})` : " (no database)"}`);
