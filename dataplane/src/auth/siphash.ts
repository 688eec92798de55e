/**
 * SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed pseudorandom function for short inputs, here over the bytes
 * of an ASCII string. The 64-bit state words are kept as 32-bit halves in locals, so a call allocates nothing: it
 * runs on every request (key-hashes.ts), to find a presented key's remembered HMAC, whose computation cost ~2 µs
 * warm and ~45 µs on a cold core.
 */

/**
 * Reads `text`'s bytes as SipHash's message; false when a character is not ASCII (the caller must not use `out`).
 * The output's length picks the variant, as the reference's `outlen` does: two words (low, high) for the 64-bit
 * SipHash-2-4, four for the 128-bit one (the first 64 bits, then the second), which costs one message pass and
 * four rounds more rather than a second pass under another key.
 */
export function siphash24Ascii(key: Uint32Array, text: string, out: Uint32Array): boolean {
  const wide = out.length === 4;
  // v0..v3 = key ^ "somepseudorandomlygeneratedbytes", each as (low, high); the 128-bit variant flips v1's 0xee
  let v0l = key[0]! ^ 0x70736575;
  let v0h = key[1]! ^ 0x736f6d65;
  let v1l = key[2]! ^ (wide ? 0x6e646f6d ^ 0xee : 0x6e646f6d);
  let v1h = key[3]! ^ 0x646f7261;
  let v2l = key[0]! ^ 0x6e657261;
  let v2h = key[1]! ^ 0x6c796765;
  let v3l = key[2]! ^ 0x79746573;
  let v3h = key[3]! ^ 0x74656462;
  const n = text.length;
  const whole = n - (n & 7);
  let seen = 0;
  let t = 0;
  let ml = 0;
  let mh = 0;
  // each pass absorbs one 8-byte block in 2 rounds; the pass after the last block finalises in 4, and for 128 bits
  // the one after it gives the second half in 4 more
  const first = whole + 8;
  for (let i = 0; ; i += 8) {
    const finalising = i > whole;
    if (finalising) {
      if (i !== first) v1l ^= 0xdd;
      else if (seen > 0x7f) return false;
      else v2l ^= wide ? 0xee : 0xff;
    } else if (i < whole) {
      const c0 = text.charCodeAt(i);
      const c1 = text.charCodeAt(i + 1);
      const c2 = text.charCodeAt(i + 2);
      const c3 = text.charCodeAt(i + 3);
      const c4 = text.charCodeAt(i + 4);
      const c5 = text.charCodeAt(i + 5);
      const c6 = text.charCodeAt(i + 6);
      const c7 = text.charCodeAt(i + 7);
      seen |= c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7;
      ml = c0 | (c1 << 8) | (c2 << 16) | (c3 << 24);
      mh = c4 | (c5 << 8) | (c6 << 16) | (c7 << 24);
    } else {
      // the last block: the remaining bytes, then the length's low byte in the top byte
      ml = 0;
      mh = (n & 0xff) << 24;
      for (let j = i; j < n; j++) {
        const c = text.charCodeAt(j);
        seen |= c;
        const shift = (j - i) * 8;
        if (shift >= 32) mh |= c << (shift - 32);
        else ml |= c << shift;
      }
    }
    if (!finalising) {
      v3l ^= ml;
      v3h ^= mh;
    }
    for (let r = finalising ? 4 : 2; r > 0; r--) {
      // one SipRound, as in the reference: v0 += v1; v1 <<<= 13; v1 ^= v0; v0 <<<= 32; ...
      t = (v0l >>> 0) + (v1l >>> 0);
      v0h = (v0h + v1h + (t > 0xffffffff ? 1 : 0)) | 0;
      v0l = t | 0;
      t = v1l;
      v1l = (v1l << 13) | (v1h >>> 19);
      v1h = (v1h << 13) | (t >>> 19);
      v1l ^= v0l;
      v1h ^= v0h;
      t = v0l;
      v0l = v0h;
      v0h = t;
      t = (v2l >>> 0) + (v3l >>> 0);
      v2h = (v2h + v3h + (t > 0xffffffff ? 1 : 0)) | 0;
      v2l = t | 0;
      t = v3l;
      v3l = (v3l << 16) | (v3h >>> 16);
      v3h = (v3h << 16) | (t >>> 16);
      v3l ^= v2l;
      v3h ^= v2h;
      t = (v0l >>> 0) + (v3l >>> 0);
      v0h = (v0h + v3h + (t > 0xffffffff ? 1 : 0)) | 0;
      v0l = t | 0;
      t = v3l;
      v3l = (v3l << 21) | (v3h >>> 11);
      v3h = (v3h << 21) | (t >>> 11);
      v3l ^= v0l;
      v3h ^= v0h;
      t = (v2l >>> 0) + (v1l >>> 0);
      v2h = (v2h + v1h + (t > 0xffffffff ? 1 : 0)) | 0;
      v2l = t | 0;
      t = v1l;
      v1l = (v1l << 17) | (v1h >>> 15);
      v1h = (v1h << 17) | (t >>> 15);
      v1l ^= v2l;
      v1h ^= v2h;
      t = v2l;
      v2l = v2h;
      v2h = t;
    }
    if (finalising) {
      const at = i === first ? 0 : 2;
      out[at] = v0l ^ v1l ^ v2l ^ v3l;
      out[at + 1] = v0h ^ v1h ^ v2h ^ v3h;
      if (at === 2 || !wide) return true;
      continue;
    }
    v0l ^= ml;
    v0h ^= mh;
  }
}
