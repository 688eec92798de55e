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

// The 128-bit variant's (vectors_sip128 there): the 16 output bytes in order, for the same key and messages.
const VECTORS_128 = [
  "a3817f04ba25a8e66df67214c7550293", "da87c1d86b99af44347659119b22fc45",
  "8177228da4a45dc7fca38bdef60affe4", "9c70b60c5267a94e5f33b6b02985ed51",
  "f88164c12d9c8faf7d0f6e7c7bcd5579", "1368875980776f8854527a07690e9627",
  "14eeca338b208613485ea0308fd7a15e", "a1f1ebbed8dbc153c0b84aa61ff08239",
  "3b62a9ba6258f5610f83e264f31497b4", "264499060ad9baabc47f8b02bb6d71ed",
  "00110dc378146956c95447d3f3d0fbba", "0151c568386b6677a2b4dc6f81e5dc18",
  "d626b266905ef35882634df68532c125", "9869e247e9c08b10d029934fc4b952f7",
  "31fcefac66d7de9c7ec7485fe4494902", "5493e99933b0a8117e08ec0f97cfc3d9",
  "6ee2a4ca67b054bbfd3315bf85230577", "473d06e8738db89854c066c47ae47740",
  "a426e5e423bf4885294da481feaef723", "78017731cf65fab074d5208952512eb1",
  "9e25fc833f2290733e9344a5e83839eb", "568e495abe525a218a2214cd3e071d12",
  "4a29b54552d16b9a469c10528eff0aae", "c9d184ddd5a9f5e0cf8ce29a9abf691c",
  "2db479ae78bd50d8882a8a178a6132ad", "8ece5f042d5e447b5051b9eacb8d8f6f",
  "9c0b53b4b3c307e87eaee08678141f66", "abf248af69a6eae4bfd3eb2f129eeb94",
  "0664da1668574b88b935f3027358aef4", "aa4b9dc4bf337de90cd4fd3c467c6ab7",
  "ea5c7f471faf6bde2b1ad7d4686d2287", "2939b0183223fafc1723de4f52c43d35",
  "7c3956ca5eeafc3e363e9d556546eb68", "77c6077146f01c32b6b69d5f4ea9ffcf",
  "37a6986cb8847edf0925f0f1309b54de", "a705f0e69da9a8f907241a2e923c8cc8",
  "3dc47d1f29c448461e9e76ed904f6711", "0d62bf01e6fc0e1a0d3c4751c5d3692b",
  "8c03468bca7c669ee4fd5e084bbee7b5", "528a5bb93baf2c9c4473cce5d0d22bd9",
  "df6a301e95c95dad97ae0cc8c6913bd8", "801189902c857f39e73591285e70b6db",
  "e617346ac9c231bb3650ae34ccca0c5b", "27d93437efb721aa401821dcec5adf89",
  "89237d9ded9c5e78d8b1c9b166cc7342", "4a6d8091bf5e7d651189fa94a250b14c",
  "0e33f96055e7ae893ffc0e3dcf492902", "e61c432b720b19d18ec8d84bdc63151b",
  "f7e5aef549f782cf379055a608269b16", "438d030fd0b7a54fa837f2ad201a6403",
  "a590d3ee4fbf04e3247e0d27f286423f", "5fe2c1a172fe93c4b15cd37caef9f538",
  "2c97325cbd06b36eb2133dd08b3a017c", "92c814227a6bca949ff0659f002ad39e",
  "dce850110bd8328cfbd50841d6911d87", "67f14984c7da791248e32bb5922583da",
  "1938f2cf72d54ee97e94166fa91d2a36", "74481e9646ed49fe0f6224301604698e",
  "57fca5de98a9d6d8006438d0583d8a1d", "9fecde1cefdc1cbed4763674d9575359",
  "e3040c00eb28f15366ca73cbd872e740", "7697009a6a831dfecca91c5993670f7a",
  "5853542321f567a005d547a4f04759bd", "5150d1772f50834a503e069a973fbd7c",
];

const KEY = new Uint32Array([0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c]);

function hex(out: Uint32Array): string {
  return out[1]!.toString(16).padStart(8, "0") + out[0]!.toString(16).padStart(8, "0");
}

/** The output words as the reference writes them: each 32-bit word little-endian, in order. */
function bytesHex(out: Uint32Array): string {
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength).toString("hex");
}

describe("SipHash-2-4 over an ASCII string", () => {
  it("matches the reference vectors for every length 0-63 (every tail length, one to seven whole blocks)", () => {
    const message = String.fromCharCode(...Array.from({ length: 64 }, (_, i) => i));
    const out = new Uint32Array(2);
    const got = VECTORS.map((_, i) => (siphash24Ascii(KEY, message.slice(0, i), out) ? hex(out) : "refused"));
    expect(got).toEqual(VECTORS);
  });

  it("gives the 128-bit variant's reference vectors for a four-word output, every length 0-63", () => {
    const message = String.fromCharCode(...Array.from({ length: 64 }, (_, i) => i));
    const out = new Uint32Array(4);
    const got = VECTORS_128.map((_, i) => (siphash24Ascii(KEY, message.slice(0, i), out) ? bytesHex(out) : "refused"));
    expect(got).toEqual(VECTORS_128);
  });

  it("refuses a string with a character past ASCII, wherever it is, and leaves the output alone", () => {
    for (const words of [2, 4]) {
      const out = new Uint32Array(words).fill(7);
      for (const s of ["é", "svc_abcdefgé", "ésvc_abcdefgh", "svc_abcdefgh\u0100", "\u0080"]) {
        expect(siphash24Ascii(KEY, s, out), JSON.stringify(s)).toBe(false);
      }
      expect([...out]).toEqual(new Array(words).fill(7));
      expect(siphash24Ascii(KEY, "\u007f", out)).toBe(true);
    }
  });

  it("depends on the key", () => {
    const a = new Uint32Array(2);
    const b = new Uint32Array(2);
    siphash24Ascii(KEY, "svc_same", a);
    siphash24Ascii(new Uint32Array([0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0d]), "svc_same", b);
    expect(hex(a)).not.toBe(hex(b));
  });
});
