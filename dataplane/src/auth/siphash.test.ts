import { describe, expect, it } from "vitest";
import { siphash24Ascii } from "./siphash.ts";

// The reference implementation's vectors (SipHash-2-4, 64-bit output; veorq/SipHash, vectors.h): key 00 01 .. 0f,
// message i = the bytes 00 01 .. (i-1), each output read as a little-endian 64-bit number.
const VECTORS = [
  "726fdb47dd0e0e31", "74f839c593dc67fd", "0d6c8009d9a94f5a", "85676696d7fb7e2d",
  "cf2794e0277187b7", "18765564cd99a68d", "cbc9466e58fee3ce", "ab0200f58b01d137",
  "93f5f5799a932462", "9e0082df0ba9e4b0", "7a5dbbc594ddb9f3", "f4b32f46226bada7",
  "751e8fbc860ee5fb", "14ea5627c0843d90", "f723ca908e7af2ee", "a129ca6149be45e5",
  "3f2acc7f57c29bdb", "699ae9f52cbe4794", "4bc1b3f0968dd39c", "bb6dc91da77961bd",
  "bed65cf21aa2ee98", "d0f2cbb02e3b67c7", "93536795e3a33e88", "a80c038ccd5ccec8",
  "b8ad50c6f649af94", "bce192de8a85b8ea", "17d835b85bbb15f3", "2f2e6163076bcfad",
  "de4daaaca71dc9a5", "a6a2506687956571", "ad87a3535c49ef28", "32d892fad841c342",
  "7127512f72f27cce", "a7f32346f95978e3", "12e0b01abb051238", "15e034d40fa197ae",
  "314dffbe0815a3b4", "027990f029623981", "cadcd4e59ef40c4d", "9abfd8766a33735c",
  "0e3ea96b5304a7d0", "ad0c42d6fc585992", "187306c89bc215a9", "d4a60abcf3792b95",
  "f935451de4f21df2", "a9538f0419755787", "db9acddff56ca510", "d06c98cd5c0975eb",
  "e612a3cb9ecba951", "c766e62cfcadaf96", "ee64435a9752fe72", "a192d576b245165a",
  "0a8787bf8ecb74b2", "81b3e73d20b49b6f", "7fa8220ba3b2ecea", "245731c13ca42499",
  "b78dbfaf3a8d83bd", "ea1ad565322a1a0b", "60e61c23a3795013", "6606d7e446282b93",
  "6ca4ecb15c5f91e1", "9f626da15c9625f3", "e51b38608ef25f57", "958a324ceb064572",
];

const KEY = new Uint32Array([0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c]);

function hex(out: Uint32Array): string {
  return out[1]!.toString(16).padStart(8, "0") + out[0]!.toString(16).padStart(8, "0");
}

describe("SipHash-2-4 over an ASCII string", () => {
  it("matches the reference vectors for every length 0-63 (every tail length, one to seven whole blocks)", () => {
    const message = String.fromCharCode(...Array.from({ length: 64 }, (_, i) => i));
    const out = new Uint32Array(2);
    const got = VECTORS.map((_, i) => (siphash24Ascii(KEY, message.slice(0, i), out) ? hex(out) : "refused"));
    expect(got).toEqual(VECTORS);
  });

  it("refuses a string with a character past ASCII, wherever it is, and leaves the output alone", () => {
    const out = new Uint32Array([7, 7]);
    for (const s of ["é", "svc_abcdefgé", "ésvc_abcdefgh", "svc_abcdefgh\u0100", "\u0080"]) {
      expect(siphash24Ascii(KEY, s, out), JSON.stringify(s)).toBe(false);
    }
    expect([...out]).toEqual([7, 7]);
    expect(siphash24Ascii(KEY, "\u007f", out)).toBe(true);
  });

  it("depends on the key", () => {
    const a = new Uint32Array(2);
    const b = new Uint32Array(2);
    siphash24Ascii(KEY, "svc_same", a);
    siphash24Ascii(new Uint32Array([0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0d]), "svc_same", b);
    expect(hex(a)).not.toBe(hex(b));
  });
});
