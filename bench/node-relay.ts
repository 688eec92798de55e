// The floor of the gateway's own shape: uWebSockets.js in front, undici behind, and nothing between them (no key,
// no body parsing, no metering, no log). What a gateway costs beyond this row is its own logic; what this row costs
// beyond nginx is the Node stack the design chose. Run by the bench as a child: `node-relay.ts <upstream origin>`,
// prints `READY <port>`.
import { Agent, type Dispatcher } from "undici";
import uWS from "uWebSockets.js";

const upstream = new URL(process.argv[2] ?? "");
const agent = new Agent({ connections: 4096, keepAliveTimeout: 30_000 });
/** Headers the bench's requests carry that the mock reads; hop-by-hop ones are the relay's own business. */
const FORWARDED = ["authorization", "content-type", "anthropic-version", "x-api-key"];

uWS
  .App()
  .post("/*", (res, req) => {
    const path = req.getUrl();
    const headers: Record<string, string> = {};
    for (const h of FORWARDED) {
      const v = req.getHeader(h);
      if (v !== "") headers[h] = v;
    }
    let aborted = false;
    let controller: Dispatcher.DispatchController | undefined;
    res.onAborted(() => {
      aborted = true;
      controller?.abort(new Error("client left"));
    });
    const parts: Buffer[] = [];
    res.onData((chunk, last) => {
      parts.push(Buffer.from(chunk.slice(0)));
      if (!last) return;
      const body = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
      let started = false;
      // an answer of known length is passed on whole, with its length (as nginx does); others chunk by chunk
      let whole: Buffer[] | undefined;
      agent.dispatch(
        { origin: upstream.origin, path, method: "POST", headers, body },
        {
          onRequestStart(c) {
            controller = c;
          },
          onResponseStart(c, status, h) {
            if (aborted) return;
            started = true;
            if (h["content-length"] !== undefined) whole = [];
            res.cork(() => {
              res.writeStatus(String(status)).writeHeader("content-type", String(h["content-type"] ?? "application/json"));
            });
            res.onWritable(() => {
              c.resume();
              return true;
            });
          },
          onResponseData(c, data) {
            if (aborted) return;
            if (whole) {
              whole.push(data);
              return;
            }
            let ok = true;
            res.cork(() => {
              ok = res.write(data);
            });
            if (!ok) c.pause();
          },
          onResponseEnd() {
            if (aborted) return;
            const out = whole && (whole.length === 1 ? whole[0]! : Buffer.concat(whole));
            res.cork(() => res.end(out));
          },
          onResponseError() {
            if (aborted) return;
            if (started) res.close();
            else res.cork(() => res.writeStatus("502 Bad Gateway").end());
          },
        },
      );
    });
  })
  .listen("127.0.0.1", 0, (socket) => {
    if (!socket) {
      console.error("relay: cannot listen");
      process.exit(1);
    }
    console.log(`READY ${uWS.us_socket_local_port(socket)}`);
  });
