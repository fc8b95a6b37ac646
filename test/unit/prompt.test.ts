// src/define/prompt.ts: placeholders, secrets and the snapshot hash, embedded commands.

import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { embeddedCommands, PromptError, renderPrompt, sha256 } from "../../src/define/prompt.js";
import type { PromptSpec } from "../../src/model/eval.js";
import { Codes } from "../../src/model/errors.js";

function spec(text: string, overrides: Partial<PromptSpec> = {}): PromptSpec {
  return { text, params: {}, secrets: [], ...overrides };
}

function renderError(fn: () => unknown): PromptError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PromptError);
    return error as PromptError;
  }
  throw new Error("expected a PromptError, nothing was thrown");
}

const fence = "```";

describe("renderPrompt: params", () => {
  it("fills {{name}} placeholders (with or without inner spaces) from params", () => {
    const rendered = renderPrompt(
      spec(
        "Deploy to {{region}} with {{ replicas }} replicas (debug={{debug}}); again {{region}}.",
        {
          params: { region: "eu-west", replicas: 3, debug: false },
        },
      ),
      {},
    );
    expect(rendered.text).toBe("Deploy to eu-west with 3 replicas (debug=false); again eu-west.");
    expect(rendered.safeText).toBe(rendered.text);
    expect(rendered.hash).toBe(createHash("sha256").update(rendered.text).digest("hex"));
    expect(rendered.secretValues).toEqual([]);
  });

  it("a text without placeholders is unchanged, and its hash is its sha256", () => {
    const rendered = renderPrompt(spec("Just do it. {not a placeholder} {{ }}"), {});
    expect(rendered.text).toBe("Just do it. {not a placeholder} {{ }}");
    expect(rendered.hash).toBe(sha256("Just do it. {not a placeholder} {{ }}"));
    expect(rendered.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("param values are inserted literally, never re-expanded or read as replacement patterns", () => {
    const rendered = renderPrompt(
      spec("a={{a}} b={{b}}", { params: { a: "{{b}}", b: "$& $1 $$" } }),
      {},
    );
    expect(rendered.text).toBe("a={{b}} b=$& $1 $$");
  });

  it("an unknown placeholder is a missingParam error naming it", () => {
    const error = renderError(() =>
      renderPrompt(spec("Use {{region}} and {{projectId}}.", { params: { region: "eu" } }), {}),
    );
    expect(error.code).toBe(Codes.missingParam);
    expect(error.message).toContain("{{projectId}}");
    expect(error.message).not.toContain("region");
    expect(error.fix).toContain("projectId");
  });

  it("a param inherited from Object.prototype does not count as a value", () => {
    const error = renderError(() => renderPrompt(spec("{{toString}}"), {}));
    expect(error.code).toBe(Codes.missingParam);
    expect(error.message).toContain("{{toString}}");
  });
});

describe("renderPrompt: secrets", () => {
  const template = spec("Log in with {{ACMEDB_TOKEN}} in {{region}}.", {
    params: { region: "eu" },
    secrets: ["ACMEDB_TOKEN"],
  });

  it("fills text from the environment, shows {{NAME}} in safeText, hashes safeText", () => {
    const rendered = renderPrompt(template, { ACMEDB_TOKEN: "tok-123-secret" });
    expect(rendered.text).toBe("Log in with tok-123-secret in eu.");
    expect(rendered.safeText).toBe("Log in with {{ACMEDB_TOKEN}} in eu.");
    expect(rendered.safeText).not.toContain("tok-123-secret");
    expect(rendered.hash).toBe(createHash("sha256").update(rendered.safeText).digest("hex"));
    expect(rendered.hash).not.toBe(sha256(rendered.text));
    expect(rendered.secretValues).toEqual(["tok-123-secret"]);
  });

  it("the hash does not change when the secret's value does", () => {
    const a = renderPrompt(template, { ACMEDB_TOKEN: "first-value" });
    const b = renderPrompt(template, { ACMEDB_TOKEN: "a-completely-different-value" });
    expect(a.text).not.toBe(b.text);
    expect(a.safeText).toBe(b.safeText);
    expect(a.hash).toBe(b.hash);
  });

  it("a secret wins over a param of the same name", () => {
    const rendered = renderPrompt(
      spec("{{TOKEN}}", { params: { TOKEN: "from-params" }, secrets: ["TOKEN"] }),
      { TOKEN: "from-env" },
    );
    expect(rendered.text).toBe("from-env");
    expect(rendered.safeText).toBe("{{TOKEN}}");
  });

  it("reads process.env by default", () => {
    const name = "AGENT_EVALS_PROMPT_TEST_SECRET";
    process.env[name] = "from-process-env";
    try {
      const rendered = renderPrompt(spec(`{{${name}}}`, { secrets: [name] }));
      expect(rendered.text).toBe("from-process-env");
    } finally {
      delete process.env[name];
    }
  });

  it("a missing or empty secret is a missingSecret error, even if the text never uses it", () => {
    const missing = renderError(() => renderPrompt(template, {}));
    expect(missing.code).toBe(Codes.missingSecret);
    expect(missing.message).toContain("ACMEDB_TOKEN");
    expect(missing.fix).toContain("ACMEDB_TOKEN");

    const empty = renderError(() => renderPrompt(template, { ACMEDB_TOKEN: "" }));
    expect(empty.code).toBe(Codes.missingSecret);

    const unused = renderError(() =>
      renderPrompt(spec("no placeholders", { secrets: ["X_KEY"] }), {}),
    );
    expect(unused.code).toBe(Codes.missingSecret);
    expect(unused.message).toContain("X_KEY");
  });

  it("embedded commands get the secret's value (the literal agent needs it)", () => {
    const rendered = renderPrompt(
      spec(`${fence}sh\nacmedb login --token {{ACMEDB_TOKEN}}\n${fence}\n`, {
        secrets: ["ACMEDB_TOKEN"],
      }),
      { ACMEDB_TOKEN: "tok-9" },
    );
    expect(rendered.commands).toEqual(["acmedb login --token tok-9"]);
  });
});

describe("embeddedCommands", () => {
  it("takes sh, bash and shell blocks (one script each) in document order", () => {
    const md = [
      "# Setup",
      `${fence}bash`,
      "npm install",
      "npm run build",
      fence,
      "Then:",
      `${fence}sh`,
      "acmedb init --region eu",
      fence,
      `${fence}shell`,
      "echo done",
      fence,
    ].join("\n");
    expect(embeddedCommands(md)).toEqual([
      "npm install\nnpm run build",
      "acmedb init --region eu",
      "echo done",
    ]);
  });

  it("takes only the `$ ` lines of console blocks, as separate commands", () => {
    const md = [
      `${fence}console`,
      "$ npm test",
      "> app@1.0.0 test",
      "PASS src/a.test.ts",
      "$ npm run lint  ",
      "  $ indented-is-output",
      "$nospace",
      fence,
    ].join("\n");
    expect(embeddedCommands(md)).toEqual(["npm test", "npm run lint"]);
  });

  it("ignores untagged blocks and other languages", () => {
    const md = [
      fence,
      "rm -rf untagged",
      fence,
      `${fence}js`,
      "console.log('x')",
      fence,
      `${fence}text`,
      "$ not-a-console-block",
      fence,
      `${fence}bash`,
      "echo kept",
      fence,
    ].join("\n");
    expect(embeddedCommands(md)).toEqual(["echo kept"]);
  });

  it("reads the tag case-insensitively and ignores what follows it on the fence line", () => {
    const md = [
      `${fence}BASH title="setup"`,
      "echo one",
      fence,
      `${fence} sh`,
      "echo two",
      fence,
    ].join("\n");
    expect(embeddedCommands(md)).toEqual(["echo one", "echo two"]);
  });

  it("supports ~~~ fences, which a ``` line does not close", () => {
    const md = [
      "~~~bash",
      "cat <<'EOF' > README.md",
      fence,
      "EOF",
      "~~~",
      "~~~console",
      "$ ls",
      "~~~",
    ].join("\n");
    expect(embeddedCommands(md)).toEqual([`cat <<'EOF' > README.md\n${fence}\nEOF`, "ls"]);
  });

  it("a 4-backtick fence keeps ``` lines inside it, and its content is not a block of its own", () => {
    const md = [
      "````markdown",
      `${fence}bash`,
      "echo inside-an-example",
      fence,
      "````",
      "````sh",
      `printf '%s\\n' '${fence}' > fence.txt`,
      fence,
      "echo still-the-same-block",
      "````",
    ].join("\n");
    expect(embeddedCommands(md)).toEqual([
      `printf '%s\\n' '${fence}' > fence.txt\n${fence}\necho still-the-same-block`,
    ]);
  });

  it("a line of inline code in triple backticks is not a fence and hides no later block", () => {
    const md = [
      `${fence}npm install${fence} is the first step.`,
      `${fence}bash`,
      "echo hi",
      fence,
    ].join("\n");
    expect(embeddedCommands(md)).toEqual(["echo hi"]);
    // A ~~~ fence's info string may hold backticks.
    expect(embeddedCommands(["~~~sh `x`", "echo tilde", "~~~"].join("\n"))).toEqual(["echo tilde"]);
  });

  it("handles CRLF line endings and skips empty shell blocks", () => {
    const md = `${fence}sh\r\necho crlf\r\n${fence}\r\n${fence}bash\r\n\r\n${fence}\r\n`;
    expect(embeddedCommands(md)).toEqual(["echo crlf"]);
  });

  it("a prompt without fenced blocks has no commands", () => {
    expect(embeddedCommands("Run `npm install`, then $ npm test.")).toEqual([]);
    expect(renderPrompt(spec("Just text."), {}).commands).toEqual([]);
  });
});
