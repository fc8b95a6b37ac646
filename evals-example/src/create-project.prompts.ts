import { definePrompt } from "agent-evals";

/** The prompt this project ships: how to set up AcmeDB. Evals check an agent can follow it. */
export const setUpWithAgent = definePrompt({
  id: "set-up-acmedb",
  file: "./set-up-acmedb.md",
  params: { region: "eu-west" },
});
