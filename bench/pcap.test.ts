import { describe, expect, it } from "vitest";
import { STAMP_PATTERN } from "./mock-streams.ts";
import { stampSightings, wireSegments } from "./pcap.ts";
import { wireTiming } from "./wire-capture.ts";

/** A libpcap file (ns timestamps, Ethernet) of IPv4 TCP segments: [µs, source port, destination port, seq, payload]. */
function capture(segments: [number, number, number, number, string][]): Buffer {
  const head = Buffer.alloc(24);
  head.writeUInt32LE(0xa1b23c4d, 0);
  head.writeUInt16LE(2, 4);
  head.writeUInt16LE(4, 6);
  head.writeUInt32LE(262144, 16);
  head.writeUInt32LE(1, 20);
  const records = segments.map(([us, sport, dport, seq, text]) => {
    const data = Buffer.from(text, "latin1");
    const eth = Buffer.alloc(14);
    eth.writeUInt16BE(0x0800, 12);
    const ip = Buffer.alloc(20);
    ip[0] = 0x45;
    ip.writeUInt16BE(20 + 20 + data.length, 2);
    ip[9] = 6;
    const tcp = Buffer.alloc(20);
    tcp.writeUInt16BE(sport, 0);
    tcp.writeUInt16BE(dport, 2);
    tcp.writeUInt32BE(seq, 4);
    tcp[12] = 5 << 4;
    const packet = Buffer.concat([eth, ip, tcp, data]);
    const rec = Buffer.alloc(16);
    rec.writeUInt32LE(Math.floor(us / 1e6), 0);
    rec.writeUInt32LE(Math.round((us % 1e6) * 1000), 4);
    rec.writeUInt32LE(packet.length, 8);
    rec.writeUInt32LE(packet.length, 12);
    return Buffer.concat([rec, packet]);
  });
  return Buffer.concat([head, ...records]);
}

const T = 1_795_000_000_000_000; // µs since the epoch
const MOCK = 5000;
const RELAY = 6000;
const chunk = (stamp: number) => `data: {"t":"~${stamp}~"}\n\n`;
const [a, b, c, d] = [T + 1, T + 2, T + 3, T + 4];

describe("chunks timed on the wire", () => {
  // the mock sends a..d 2 ms apart; the relay passes a and b on at once, sends c only after d reached it
  const relayed = `${chunk(a)}${chunk(b)}`;
  const split = chunk(c);
  const pcap = capture([
    [T + 0, MOCK, 40000, 100, chunk(a)],
    [T + 50, RELAY, 41000, 900, chunk(a)],
    [T + 2000, MOCK, 40000, 100 + chunk(a).length, chunk(b)],
    [T + 2080, RELAY, 41000, 900 + chunk(a).length, chunk(b)],
    // a retransmission of what was already seen changes nothing
    [T + 2090, RELAY, 41000, 900, relayed],
    [T + 4000, MOCK, 40000, 100 + relayed.length, chunk(c)],
    [T + 6000, MOCK, 40000, 100 + relayed.length + split.length, chunk(d)],
    // c leaves in two segments: it was sent on when its last byte was
    [T + 6100, RELAY, 41000, 900 + relayed.length, split.slice(0, 12)],
    [T + 6150, RELAY, 41000, 900 + relayed.length + 12, split.slice(12) + chunk(d)],
  ]);
  const sightings = stampSightings(pcap, STAMP_PATTERN);

  it("finds each stamp on each leg, at the segment that completed it", () => {
    expect(sightings.get(c)).toEqual([
      { srcPort: MOCK, atUs: T + 4000 },
      { srcPort: RELAY, atUs: T + 6150 },
    ]);
    expect(sightings.get(a)).toEqual([
      { srcPort: MOCK, atUs: T },
      { srcPort: RELAY, atUs: T + 50 },
    ]);
  });

  it("counts a chunk the relay sent on only after the next one reached it as held back", () => {
    const wire = wireTiming([[a, b, c, d]], sightings, MOCK, RELAY);
    expect(wire.chunksChecked).toBe(3);
    expect(wire.heldBack).toBe(1);
    expect(wire.heldAt).toEqual([2]);
    expect(wire.missing).toBe(0);
    expect(wire.samples.relayMs).toEqual([0.05, 0.08, 2.15, 0.15]);
  });

  it("counts chunks of a timed stream the capture did not see as missing, not as in time", () => {
    const wire = wireTiming([[a, b, T + 9]], sightings, MOCK, RELAY);
    expect(wire.missing).toBe(1);
    expect(wire.chunksChecked).toBe(1);
  });
});

describe("a stream's request legs on the wire", () => {
  const CLIENT = 42000;
  const UP = 43000;
  // two streams; the second's request reaches the relay in two segments and leaves it in two
  const [s1, s2] = [T + 10, T + 20];
  const pcap = capture([
    [T + 0, CLIENT, RELAY, 1, "POST /v1/chat/completions"],
    [T + 130, UP, MOCK, 1, "POST /v1/chat/completions"],
    [T + 400, MOCK, UP, 1, chunk(s1)],
    [T + 450, RELAY, CLIENT, 1, chunk(s1)],
    [T + 10_000, CLIENT, RELAY, 100, "POST /v1/messages "],
    [T + 10_020, CLIENT, RELAY, 118, "and the rest of it"],
    // captured out of time order, as two cores' sends can be
    [T + 10_110, UP, MOCK, 118, "and the rest of it"],
    [T + 10_100, UP, MOCK, 100, "POST /v1/messages "],
    [T + 10_250, MOCK, UP, 50, "HTTP/1.1 200 OK\r\n\r\n"],
    [T + 10_300, MOCK, UP, 100, chunk(s2)],
    [T + 10_360, RELAY, CLIENT, 100, chunk(s2)],
  ]);
  const wire = wireTiming([[s1], [s2]], stampSightings(pcap, STAMP_PATTERN), MOCK, RELAY, wireSegments(pcap));

  it("times each from the client's last segment to the relay's first to the mock, and the mock from there to its answer's start", () => {
    expect(wire.samples.requestMs).toEqual([0.13, 0.08]);
    expect(wire.samples.upstreamMs).toEqual([0.27, 0.15]);
    expect(wire.requestMs.count).toBe(2);
  });

  it("has none for a stream whose first chunk the capture missed", () => {
    expect(wireTiming([[T + 99]], stampSightings(pcap, STAMP_PATTERN), MOCK, RELAY, wireSegments(pcap)).samples.requestMs).toEqual([]);
  });
});
