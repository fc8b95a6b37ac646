import { describe, expect, it } from "vitest";
import { slug } from "../../src/run/suite/index.js";

describe("an agent's trial folder name", () => {
  it("is the name itself when that is folder-safe", () => {
    expect(slug("literal")).toBe("literal");
    expect(slug("claude-code")).toBe("claude-code");
  });

  it("never lets two different agents share a folder", () => {
    const long = "bash /tmp/agents-directory-with-a-rather-long-name/agent.sh";
    const names = [
      `${long} good {prompt}`,
      `${long} bad {prompt}`,
      "my agent {prompt}",
      "my-agent {prompt}",
      "my-agent-prompt",
      "..",
    ];
    const slugs = names.map(slug);
    expect(new Set(slugs).size).toBe(names.length);
    for (const s of slugs) {
      expect(s).toMatch(/^[A-Za-z0-9._-]{1,60}$/);
      expect(s).not.toMatch(/^\.\.?$/);
    }
    expect(slug("my agent {prompt}")).toMatch(/^my-agent-prompt-[0-9a-f]{8}$/);
  });
});
