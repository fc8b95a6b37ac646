// Which values a run redacts: those of the known credential variables, of every variable whose name
// looks like a credential, and of the names listed in AGENT_EVALS_REDACT or declared by the evals.

import { Redactor } from "./redactor.js";

/** Names of further variables to redact: comma- or space-separated, e.g. `ACME_TOKEN,DB_URL`. */
export const REDACT_ENV = "AGENT_EVALS_REDACT";

/**
 * Well-known credential variables of the services around a run, redacted whenever they are set.
 * Each agent adapter's own (`credentialEnv`) are added by the engine.
 */
export const KNOWN_SECRET_NAMES: readonly string[] = [
  "GEMINI_API_KEY",
  "GOOGLE_API_KEY",
  "AZURE_OPENAI_API_KEY",
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "GH_ENTERPRISE_TOKEN",
  "GITHUB_ENTERPRISE_TOKEN",
  "INPUT_GITHUB-TOKEN",
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "AWS_SECRET_ACCESS_KEY",
  "AWS_SESSION_TOKEN",
  "NPM_TOKEN",
  "NODE_AUTH_TOKEN",
  "HF_TOKEN",
];

/** Names that look like credentials: redacted too (…_TOKEN, …_SECRET, …_API_KEY, …_PASSWORD). */
const SECRET_LOOKING_NAME =
  /(^|[_-])(TOKEN|SECRET|SECRET_KEY|PASSWORD|PASSWD|API_KEY|APIKEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?)$/i;

/**
 * The names whose values a run redacts: the known credential variables, every variable whose name
 * looks like a credential, the names listed in AGENT_EVALS_REDACT, and `extraNames` (the secrets
 * the evals declare, a library caller's list).
 */
export function secretNames(
  env: Record<string, string | undefined>,
  extraNames: Iterable<string> = [],
): string[] {
  const listed = (env[REDACT_ENV] ?? "").split(/[\s,]+/).filter(Boolean);
  const lookalikes = Object.keys(env).filter((name) => SECRET_LOOKING_NAME.test(name));
  return [...new Set([...KNOWN_SECRET_NAMES, ...lookalikes, ...listed, ...extraNames])];
}

/** A redactor for the values `env` holds under secretNames(env, extraNames). */
export function secretRedactor(
  env: Record<string, string | undefined>,
  extraNames: Iterable<string> = [],
): Redactor {
  const values = secretNames(env, extraNames)
    .map((name) => env[name])
    .filter((v): v is string => typeof v === "string");
  return new Redactor(values);
}
