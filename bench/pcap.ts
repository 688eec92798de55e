// Reads a capture file (libpcap's format, as tcpdump -w writes it) of loopback TCP and finds where each stamped
// chunk (mock-streams.ts) was seen on the wire: by which port sent it, and when the kernel passed it on.

/** A stamp seen in the bytes one port sent. */
export interface Sighting {
  srcPort: number;
  /** Capture time of the segment holding the stamp's last byte, µs since the epoch (the kernel's clock). */
  atUs: number;
}

const LINKTYPE_ETHERNET = 1;
const LINKTYPE_LINUX_SLL = 113;
const LINKTYPE_LINUX_SLL2 = 276;

interface Segment {
  atUs: number;
  seq: number;
  data: Buffer;
}

/** The stamps in every TCP flow of the capture, each with the moments and ports it was sent from. */
export function stampSightings(pcap: Buffer, pattern: RegExp): Map<number, Sighting[]> {
  const flows = tcpFlows(pcap);
  const sightings = new Map<number, Sighting[]>();
  const global = new RegExp(pattern.source, "g");
  for (const [key, segments] of flows) {
    const srcPort = Number(key.split(">")[0]);
    const { text, ends } = reassemble(segments);
    for (const m of text.matchAll(global)) {
      const last = m.index + m[0].length - 1;
      const at = segmentHolding(ends, last);
      const stamp = Number(m[1]);
      const list = sightings.get(stamp);
      const seen = { srcPort, atUs: segments[at]!.atUs };
      if (list) list.push(seen);
      else sightings.set(stamp, [seen]);
    }
  }
  return sightings;
}

/** A payload-carrying TCP segment, as the kernel passed it on. */
export interface WireSegment {
  atUs: number;
  srcPort: number;
  dstPort: number;
  seq: number;
  data: Buffer;
}

/** The payload-carrying TCP segments of the capture, in capture order. */
export function wireSegments(pcap: Buffer): WireSegment[] {
  if (pcap.length < 24) throw new Error("not a capture file: shorter than its header");
  const magics = [0xa1b2c3d4, 0xa1b23c4d]; // µs and ns timestamps
  const le = magics.includes(pcap.readUInt32LE(0));
  if (!le && !magics.includes(pcap.readUInt32BE(0))) throw new Error("not a libpcap capture file (pcapng is not read)");
  const u32 = (at: number) => (le ? pcap.readUInt32LE(at) : pcap.readUInt32BE(at));
  const nano = u32(0) === 0xa1b23c4d;
  const linkType = u32(20) & 0x0fffffff;
  const linkHeader = linkType === LINKTYPE_ETHERNET ? 14 : linkType === LINKTYPE_LINUX_SLL ? 16 : linkType === LINKTYPE_LINUX_SLL2 ? 20 : -1;
  if (linkHeader < 0) throw new Error(`capture link type ${linkType} is not read`);
  const segments: WireSegment[] = [];
  for (let off = 24; off + 16 <= pcap.length; ) {
    const atUs = u32(off) * 1e6 + (nano ? u32(off + 4) / 1000 : u32(off + 4));
    const length = u32(off + 8);
    const packet = pcap.subarray(off + 16, off + 16 + length);
    off += 16 + length;
    const tcp = tcpOf(packet.subarray(linkHeader));
    if (tcp === undefined || tcp.length < 20) continue;
    const data = tcp.subarray((tcp[12]! >> 4) * 4);
    if (data.length === 0) continue;
    segments.push({ atUs, srcPort: tcp.readUInt16BE(0), dstPort: tcp.readUInt16BE(2), seq: tcp.readUInt32BE(4), data });
  }
  return segments;
}

/** The payload-carrying TCP segments of the capture by flow ("srcPort>dstPort"), in capture order. */
function tcpFlows(pcap: Buffer): Map<string, Segment[]> {
  const flows = new Map<string, Segment[]>();
  for (const s of wireSegments(pcap)) {
    const key = `${s.srcPort}>${s.dstPort}`;
    const list = flows.get(key);
    if (list) list.push(s);
    else flows.set(key, [s]);
  }
  return flows;
}

/** The TCP header and payload of an IPv4 or IPv6 packet (no extension headers), or undefined. */
function tcpOf(ip: Buffer): Buffer | undefined {
  if (ip.length < 20) return undefined;
  const version = ip[0]! >> 4;
  if (version === 4) {
    if (ip[9] !== 6) return undefined;
    return ip.subarray((ip[0]! & 15) * 4, Math.min(ip.length, ip.readUInt16BE(2)));
  }
  if (version === 6 && ip.length >= 40 && ip[6] === 6) return ip.subarray(40, 40 + ip.readUInt16BE(4));
  return undefined;
}

/** A flow's bytes in order, a segment seen twice (a retransmission) kept once; ends[i]: where segment i's bytes end. */
function reassemble(segments: Segment[]): { text: string; ends: number[] } {
  const parts: Buffer[] = [];
  const ends: number[] = [];
  let next: number | undefined;
  let length = 0;
  for (const s of segments) {
    let data = s.data;
    if (next !== undefined) {
      // sequence numbers wrap at 2^32: how far this segment starts behind what is already in hand
      const behind = (next - s.seq) >>> 0;
      if (behind > 0 && behind < 0x80000000) data = behind >= data.length ? data.subarray(data.length) : data.subarray(behind);
    }
    parts.push(data);
    length += data.length;
    ends.push(length);
    const end = (s.seq + s.data.length) >>> 0;
    if (next === undefined || ((end - next) >>> 0) < 0x80000000) next = end;
  }
  return { text: Buffer.concat(parts).toString("latin1"), ends };
}

/** The index of the segment whose bytes include offset `at` (ends ascending). */
function segmentHolding(ends: readonly number[], at: number): number {
  return Math.min(firstAbove(ends, at), ends.length - 1);
}

/** The index of the first of `sorted` (ascending) above `at`; sorted.length when none is. */
export function firstAbove(sorted: readonly number[], at: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! > at) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
