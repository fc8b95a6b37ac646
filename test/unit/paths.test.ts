import { describe, expect, it } from "vitest";
import { displayPath, isInside } from "../../src/util/index.js";

describe("paths shown to the user", () => {
  it("are relative inside the project, a folder named ..foo included, and as given outside it", () => {
    expect(displayPath("/p/evals/a.eval.yaml", "/p")).toBe("evals/a.eval.yaml");
    expect(displayPath("/p/..foo/a.eval.yaml", "/p")).toBe("..foo/a.eval.yaml");
    expect(displayPath("/elsewhere/a.eval.yaml", "/p")).toBe("/elsewhere/a.eval.yaml");
    expect(displayPath("/p", "/p")).toBe("/p");
    expect(displayPath("(command line)", "/p")).toBe("(command line)");
    expect(isInside("/p/..", "/p")).toBe(false);
  });
});
