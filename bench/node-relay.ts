// The floor of the gateway's own shape: uWebSockets.js in front, the gateway's own upstream client behind
// (dataplane/src/upstream), and nothing between them (no key, no body parsing, no metering, no log). What a
// gateway costs beyond this row is its own logic; what this row costs beyond nginx is the Node stack the design
// chose. Run by the bench as a child as the gateway is run, from its bundle and with the image's environment
// (deploy/runtime-env.ts): `node-relay.mjs <upstream origin>`, prints `READY <port>`.
import uWS from "uWebSockets.js";
import { atTurnEnd } from "../dataplane/src/turn-end.ts";
import { UpstreamClient } from "../dataplane/src/upstream/client.ts";

const upstream = new URL(process.argv[2] ?? "");
const client = new UpstreamClient({ headersTimeoutMs: 60_000, bodyTimeoutMs: 60_000 });
/**
 * The upstream URL of each path, parsed once, as the gateway keeps its own (providers/shared/upstream-url.ts): a
 * `new URL` per request took ~32 µs of the relay's path to its upstream write at one request at a time (~9 warm),
 * a cost of this row rather than of the stack it stands for.
 */
const urls = new Map<string, URL>();
/** Headers the bench's requests carry that the mock reads; hop-by-hop ones are the relay's own business. */
const FORWARDED = ["authorization", "content-type", "anthropic-version", "x-api-key"];

uWS
  .App()
  .post("/*", (res, req) => {
    const path = req.getUrl();
    let url = urls.get(path);
    if (url === undefined) urls.set(path, (url = new URL(path, upstream)));
    const headers: Record<string, string> = {};
    for (const h of FORWARDED) {
      const v = req.getHeader(h);
      if (v !== "") headers[h] = v;
    }
    let aborted = false;
    res.onAborted(() => {
      aborted = true;
    });
    const parts: Buffer[] = [];
    res.onData((chunk, last) => {
      parts.push(Buffer.from(chunk.slice(0)));
      if (!last) return;
      const body = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
      void relay(res, url, headers, body, () => aborted);
    });
  })
  .listen("127.0.0.1", 0, (socket) => {
    if (!socket) {
      console.error("relay: cannot listen");
      process.exit(1);
    }
    console.log(`READY ${uWS.us_socket_local_port(socket)}`);
  });

/** An event stream is passed on chunk by chunk as it arrives; any other answer whole, at the end of the turn. */
async function relay(res: uWS.HttpResponse, url: URL, headers: Record<string, string>, body: Buffer, aborted: () => boolean): Promise<void> {
  try {
    const up = await client.send({ url, headers, body });
    const type = String(up.headers["content-type"] ?? "application/json");
    if (!type.startsWith("text/event-stream")) {
      const text = await up.body.text();
      atTurnEnd(() => {
        if (!aborted()) res.cork(() => res.writeStatus(String(up.status)).writeHeader("content-type", type).end(text));
      });
      return;
    }
    if (aborted()) return;
    res.cork(() => res.writeStatus(String(up.status)).writeHeader("content-type", type));
    for await (const chunk of up.body) {
      if (aborted()) return;
      let ok = true;
      res.cork(() => {
        ok = res.write(chunk);
      });
      // the client's backpressure holds the upstream read, as in the gateway
      if (!ok) await new Promise<void>((resolve) => res.onWritable(() => (resolve(), true)));
    }
    if (!aborted()) res.cork(() => res.end());
  } catch {
    if (!aborted()) res.cork(() => res.writeStatus("502 Bad Gateway").end());
  }
}
