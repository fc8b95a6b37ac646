import { defineEval, fileContains, fileExists, ranInOrder, succeeds } from "agent-evals";
import { setUpWithAgent } from "../src/create-project.prompts";
import { acmedbStub } from "./acmedb-shim";

export const createProject = defineEval(setUpWithAgent, {
  agents: ["literal"],
  trials: 3,
  passRate: 0.67,
  sandbox: { template: "evals/template" },
  shims: {
    acmedb: acmedbStub, // record and stub the vendor CLI
    npm: "passthrough", // record, then run the real npm
  },
  assert: [
    ranInOrder([/acmedb init .*--project-id my-app/, "acmedb connection-string"]),
    fileExists(".acmedb/project"),
    fileContains(".env.local", /^DATABASE_URL=postgres:\/\//m),
    succeeds("npm run build"),
  ],
  timeoutMs: 60_000,
});
