import type { ControlPlane } from "../../controlplane/src/controlplane.ts";

/** Creates an inference key through a control plane's own handler (no HTTP server in between); returns its id. */
export async function createKeyThrough(cp: ControlPlane, managementKey: string): Promise<string> {
  const res = await cp.handle({
    method: "POST",
    path: "/v1/management/keys",
    query: "",
    headers: { authorization: `Bearer ${managementKey}`, "content-type": "application/json" },
    body: Buffer.from("{}"),
  });
  if (res.status !== 201) throw new Error(`create key: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { id: string }).id;
}
