// Setup file of the "unit" vitest project (test/unit/): those tests start no processes and open no
// servers. Here every way to start a process or listen on a socket throws, so a test that does
// (directly, or through src/ code that runs git, bash or an agent) fails instead of quietly
// making `npm run test:fast` slow. Such a test belongs in test/, next to the integration tests.

import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";

function forbidden(what: string): never {
  throw new Error(
    `${what} in a test/unit/ test: unit tests start no processes and no servers; move the test to test/`,
  );
}

const spawners = ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"];
for (const name of spawners) {
  Object.defineProperty(childProcess, name, {
    value: () => forbidden(`child_process.${name}()`),
    configurable: true,
    writable: true,
  });
}
// `import { spawn } from "node:child_process"` (in tests and in src/) sees the replacements too.
syncBuiltinESMExports();

// http(s).Server and every other server listen through net.Server.
net.Server.prototype.listen = () => forbidden("Server.listen()");
