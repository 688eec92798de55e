// nginx as the reference relay: one worker on the servers' core, kept-alive upstream connections, no buffering
// (so SSE events pass as they come). It runs as the current user from a temp dir holding its config, pid, logs
// and temp paths, and touches nothing of a system nginx.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnLogged, tail, waitForHttp, type Child } from "./children.ts";
import { freePort } from "../test/harness/ports.ts";
import { childPids } from "./proc.ts";

export interface Nginx {
  child: Child;
  origin: string;
  /** Master and worker: their CPU together is nginx's cost. */
  pids: number[];
  /** The worker, whose memory is reported. */
  workerPid: number;
}

function config(dir: string, port: number, upstreamPort: number): string {
  // `user` only matters (and is only allowed without a warning) when the master runs as root
  const user = process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : "";
  const p = (name: string): string => path.join(dir, name);
  return `${user}worker_processes 1;
daemon off;
pid ${p("nginx.pid")};
error_log ${p("error.log")} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${p("client_body")};
  proxy_temp_path ${p("proxy")};
  fastcgi_temp_path ${p("fastcgi")};
  uwsgi_temp_path ${p("uwsgi")};
  scgi_temp_path ${p("scgi")};
  # as many kept-alive requests as a run sends: nginx's default of 1000 would add reconnects the gateway does not pay
  keepalive_requests 10000000;
  keepalive_timeout 120s;
  upstream mock {
    server 127.0.0.1:${upstreamPort};
    keepalive 256;
    keepalive_requests 10000000;
    keepalive_timeout 120s;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://mock;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_request_buffering off;
    }
  }
}
`;
}

export async function startNginx(opts: { workDir: string; upstreamPort: number; cwd: string }): Promise<Nginx> {
  const dir = path.join(opts.workDir, "nginx");
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, config(dir, port, opts.upstreamPort));
  const logFile = path.join(dir, "stderr.log");
  // -e: nginx opens its error log before reading the config; without it that is /var/log/nginx/error.log
  const child = spawnLogged("nginx", ["nginx", ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")]], { core: 0, cwd: opts.cwd, logFile });
  const origin = `http://127.0.0.1:${port}`;
  const describe = (): string => `--- nginx (${dir}) ---\n${tail(logFile)}\n${tail(path.join(dir, "error.log"))}`;
  // a 200 through nginx proves both nginx and its way to the mock (which answers POST /v1/embeddings with 200)
  await waitForHttp(child, `${origin}/v1/embeddings`, 10_000, describe, { method: "POST", everyMs: 50 });
  const master = child.proc.pid;
  if (master === undefined) throw new Error("nginx has no pid");
  const deadline = Date.now() + 5000;
  let workers = childPids(master);
  while (workers.length === 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    workers = childPids(master);
  }
  if (workers.length !== 1) throw new Error(`expected one nginx worker under ${master}, found ${workers.length}\n${describe()}`);
  return { child, origin, pids: [master, ...workers], workerPid: workers[0]! };
}
