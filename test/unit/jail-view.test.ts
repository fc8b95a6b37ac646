// The bwrap view's pure parts: which host sockets it reads from the kernel's table, and which
// folders it hides. The view itself, against real sockets, is in test/bwrap.test.ts.
import { describe, expect, it } from "vitest";
import { boundSocketPaths, hiddenRoots } from "../../src/run/isolation/jail-view.js";

describe("the bwrap view", () => {
  it("reads every bound socket path from /proc/net/unix, spaces included, and no abstract one", () => {
    const table = [
      "Num       RefCount Protocol Flags    Type St Inode Path",
      "0000000000000000: 00000002 00000000 00010000 0001 01 23456 /run/docker.sock",
      "0000000000000000: 00000002 00000000 00010000 0001 01 23457 /home/me/my sockets/agent.sock",
      "0000000000000000: 00000002 00000000 00010000 0001 01 23458 @/tmp/.X11-unix/X0",
      "0000000000000000: 00000003 00000000 00000000 0001 03 23459",
      "0000000000000000: 00000002 00000000 00000000 0002 01 23460 /run/systemd/journal/socket",
    ].join("\n");
    expect(boundSocketPaths(table)).toEqual([
      "/run/docker.sock",
      "/home/me/my sockets/agent.sock",
      "/run/systemd/journal/socket",
    ]);
  });

  it("hides /tmp and /run (and /var/run through its link), outermost folders only, never /", () => {
    const roots = hiddenRoots("/tmp");
    expect(roots).toContain("/tmp");
    expect(roots).toContain("/run");
    expect(roots).not.toContain("/");
    expect(hiddenRoots("/")).not.toContain("/");
    for (const root of roots) {
      expect(roots.filter((other) => other !== root && root.startsWith(`${other}/`))).toEqual([]);
    }
  });
});
