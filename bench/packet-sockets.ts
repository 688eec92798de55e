// Packet capture sockets open on this machine (a tcpdump, say) when the bench starts. Every packet on loopback passes
// each one's filter in its sender's context, so each adds to every target's CPU and latency, whatever ports it
// watches: in the session of 21:02 (2026-11-30) six left behind by a scratch script ran through a full run unnoticed.
// The bench's own captures (wire-capture.ts) open later and close after each probe.
import { readFileSync } from "node:fs";

/** The sockets listed in /proc/net/packet's text (its first line is the header). */
export function packetSocketsIn(text: string): number {
  return text.split("\n").slice(1).filter((line) => line.trim() !== "").length;
}

/** Packet sockets open in this network namespace, or undefined where /proc/net/packet cannot be read. */
export function openPacketSockets(): number | undefined {
  try {
    return packetSocketsIn(readFileSync("/proc/net/packet", "utf8"));
  } catch {
    return undefined;
  }
}
