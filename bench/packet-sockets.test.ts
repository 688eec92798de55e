import { describe, expect, it } from "vitest";
import { packetSocketsIn } from "./packet-sockets.ts";

const HEADER = "sk               RefCnt Type Proto  Iface R Rmem   User   Inode\n";

describe("packet capture sockets open at the bench's start", () => {
  it("are none when /proc/net/packet holds its header alone", () => {
    expect(packetSocketsIn(HEADER)).toBe(0);
  });

  it("are counted a line each, as two tcpdumps leave them", () => {
    const lines = ["ffff8a0c4a1b2000 3      3    0003   1     1 0      108    4521311", "ffff8a0c4a1b6800 3      3    0003   1     1 0      108    4521402"];
    expect(packetSocketsIn(`${HEADER}${lines.join("\n")}\n`)).toBe(2);
  });
});
