import { assertThat, defineEval, fileContains, notRan, ran, scriptAgent } from "agent-evals";
import { setUpWithAgent } from "../src/create-project.prompts";
import { acmedbStub } from "./acmedb-shim";

// A stand-in for an LLM agent: it reads the prompt and does the job its own way (it skips the build
// check). Scripted agents make the harness testable without an API key.
const hastyDev = scriptAgent(
  "hasty-dev",
  `set -e
case "$AGENT_EVALS_PROMPT" in *"acmedb init"*) ;; *) echo "no setup steps in the prompt" >&2; exit 1 ;; esac
acmedb init --project-id my-app --region eu-west
echo "DATABASE_URL=$(acmedb connection-string --project-id my-app)" > .env.local`,
);

export const scriptedSetup = defineEval(setUpWithAgent, {
  agents: [hastyDev],
  trials: 2,
  sandbox: { template: "evals/template" },
  shims: { acmedb: acmedbStub },
  assert: [
    ran("acmedb init --project-id my-app"),
    notRan(/acmedb (drop|delete)/),
    fileContains(".env.local", "DATABASE_URL=postgres://"),
    assertThat("made exactly two acmedb calls", ({ calls }) =>
      calls.length === 2 ? true : `made ${calls.length} calls`,
    ),
  ],
});
