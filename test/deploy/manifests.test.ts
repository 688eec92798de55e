import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { Deployment } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { ConfigMap, Secret, Service } from "kubernetes-models/v1";
import { parse, parseAllDocuments } from "yaml";
import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../catalog/src/index.ts";
import { loadControlPlaneConfig } from "../../controlplane/src/config.ts";
import { feedEnvVar } from "../../controlplane/src/services/status-feeds/index.ts";
import { loadDataPlaneConfig } from "../../dataplane/src/config.ts";
import { envName } from "../../dataplane/src/providers/credentials.ts";
import { ENTRIES } from "../../deploy/build.ts";
import { RUNTIME_ENV } from "../../deploy/runtime-env.ts";

/**
 * What `kubectl apply -k deploy/k8s/base`, `docker build -f deploy/Dockerfile` and `docker compose -f
 * deploy/compose.yaml up` would be handed, checked for what a user of them depends on. None of them can run here
 * (no cluster, no Docker engine), so the checks are against the Kubernetes schemas and against the code the
 * manifests start: its config modules, package.json scripts and import graph.
 */

const ROOT = resolve(new URL("../..", import.meta.url).pathname);
const BASE = join(ROOT, "deploy/k8s/base");
const read = (rel: string) => readFileSync(join(ROOT, rel), "utf8");

// parsed YAML, walked by path; the schema check is what types it
type Json = Record<string, any>;

// ---------------------------------------------------------------------------------------------------------------
// Rendering

const kubectl = spawnSync("kubectl", ["version", "--client"], { encoding: "utf8" }).status === 0;

function renderWithKubectl(): Json[] {
  const r = spawnSync("kubectl", ["kustomize", BASE], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`kubectl kustomize failed: ${r.stderr}`);
  return parseDocs(r.stdout);
}

function parseDocs(text: string): Json[] {
  return parseAllDocuments(text)
    .map((d) => {
      if (d.errors.length > 0) throw new Error(`YAML: ${d.errors[0]!.message}`);
      return d.toJS() as Json | null;
    })
    .filter((d): d is Json => d !== null);
}

/**
 * The subset of kustomize that deploy/k8s/base uses, for machines without kubectl: resources (files), labels,
 * images and literal generators. Anything else in the kustomization is refused rather than half-rendered.
 * Generated names keep no hash suffix. When kubectl is present a test checks this agrees with it.
 */
function renderWithoutKubectl(): Json[] {
  const k = parse(readFileSync(join(BASE, "kustomization.yaml"), "utf8")) as Json;
  const known = new Set(["apiVersion", "kind", "resources", "labels", "images", "configMapGenerator", "secretGenerator"]);
  for (const field of Object.keys(k)) if (!known.has(field)) throw new Error(`kustomization field ${field} is not understood without kubectl`);
  const docs: Json[] = [];
  for (const file of k.resources as string[]) {
    if (!existsSync(join(BASE, file)) || !file.endsWith(".yaml")) throw new Error(`resource ${file} is not a file here`);
    docs.push(...parseDocs(readFileSync(join(BASE, file), "utf8")));
  }
  const literals = (g: Json): [string, string][] => {
    if (Object.keys(g).some((f) => f !== "name" && f !== "literals")) throw new Error(`generator ${g.name}: only literals are understood without kubectl`);
    return (g.literals as string[]).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]);
  };
  for (const g of k.configMapGenerator ?? []) docs.push({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: g.name }, data: Object.fromEntries(literals(g)) });
  for (const g of k.secretGenerator ?? []) {
    docs.push({ apiVersion: "v1", kind: "Secret", type: "Opaque", metadata: { name: g.name }, data: Object.fromEntries(literals(g).map(([n, v]) => [n, Buffer.from(v).toString("base64")])) });
  }
  for (const l of k.labels ?? []) {
    if (l.includeSelectors) throw new Error("labels with includeSelectors are not understood without kubectl");
    for (const d of docs) {
      d.metadata.labels = { ...d.metadata.labels, ...l.pairs };
      if (l.includeTemplates && d.spec?.template?.metadata) d.spec.template.metadata.labels = { ...d.spec.template.metadata.labels, ...l.pairs };
    }
  }
  for (const d of docs) {
    for (const c of d.spec?.template?.spec?.containers ?? []) {
      const image = (k.images ?? []).find((i: Json) => i.name === c.image);
      if (image) c.image = `${image.newName ?? image.name}:${image.newTag}`;
    }
  }
  return docs;
}

const renderer = kubectl ? "kubectl kustomize" : "a built-in reader of kustomization.yaml (kubectl not found)";
if (!kubectl && process.env.REQUIRE_SERVICES === "1") throw new Error("REQUIRE_SERVICES=1 but kubectl is not installed: the manifests must be rendered by kustomize itself");
const docs = kubectl ? renderWithKubectl() : renderWithoutKubectl();

// ---------------------------------------------------------------------------------------------------------------
// Lookups

/** The model class for each apiVersion/kind the manifests may contain; anything else fails the test. */
const MODELS: Record<string, new (doc: Json) => { validate(): void }> = {
  "v1/ConfigMap": ConfigMap,
  "v1/Secret": Secret,
  "v1/Service": Service,
  "apps/v1/Deployment": Deployment,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
  "networking.k8s.io/v1/NetworkPolicy": NetworkPolicy,
};

function one(kind: string, name: string): Json {
  const found = docs.filter((d) => d.kind === kind && d.metadata.name === name);
  expect(found, `${kind} ${name}`).toHaveLength(1);
  return found[0]!;
}

/** A generated object by its name before kustomize appended the content hash. */
function generated(kind: "ConfigMap" | "Secret", name: string): Json {
  const found = docs.filter((d) => d.kind === kind && (d.metadata.name === name || new RegExp(`^${name}-[a-z0-9]{10}$`).test(d.metadata.name)));
  expect(found, `${kind} ${name}`).toHaveLength(1);
  return found[0]!;
}

function byRenderedName(kind: "ConfigMap" | "Secret", renderedName: string): Json | undefined {
  return docs.find((d) => d.kind === kind && d.metadata.name === renderedName);
}

function valuesOf(obj: Json): Record<string, string> {
  if (obj.kind === "ConfigMap") return obj.data ?? {};
  return Object.fromEntries(Object.entries((obj.data ?? {}) as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, "base64").toString("utf8")]));
}

const dataplane = () => one("Deployment", "svc-dataplane");
const controlplane = () => one("Deployment", "svc-controlplane");
const container = (d: Json): Json => {
  expect(d.spec.template.spec.containers).toHaveLength(1);
  return d.spec.template.spec.containers[0];
};

/** Every environment variable a container gets, with its value as the rendered objects would give it. */
function environment(c: Json): Map<string, string> {
  const env = new Map<string, string>();
  for (const e of c.env ?? []) {
    if (e.value !== undefined) env.set(e.name, String(e.value));
    const ref = e.valueFrom?.configMapKeyRef ?? e.valueFrom?.secretKeyRef;
    if (!ref) continue;
    const obj = byRenderedName(e.valueFrom.configMapKeyRef ? "ConfigMap" : "Secret", ref.name);
    expect(obj, `${e.name}: ${e.valueFrom.configMapKeyRef ? "ConfigMap" : "Secret"} ${ref.name} is in the manifests`).toBeDefined();
    const values = valuesOf(obj!);
    expect(Object.keys(values), `${e.name}: key ${ref.key} of ${ref.name}`).toContain(ref.key);
    env.set(e.name, values[ref.key]!);
  }
  for (const f of c.envFrom ?? []) {
    const ref = f.secretRef ?? f.configMapRef;
    const obj = byRenderedName(f.secretRef ? "Secret" : "ConfigMap", ref.name);
    expect(obj, `envFrom ${ref.name} is in the manifests`).toBeDefined();
    for (const [k, v] of Object.entries(valuesOf(obj!))) env.set(`${f.prefix ?? ""}${k}`, v);
  }
  return env;
}

/** The variables a config module reads: the keys of its zod `Env` object, from the source. */
function configKeys(rel: string): Set<string> {
  const src = read(rel);
  const block = /const Env = z\.object\(\{([\s\S]*?)\n\}\);/.exec(src)?.[1];
  if (!block) throw new Error(`${rel}: no \`const Env = z.object({...})\` any more; update this test`);
  const keys = new Set([...block.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!));
  expect(keys.size, rel).toBeGreaterThan(5);
  return keys;
}

/** Variables a shared module reads from the environment it is handed (`env.NAME`), such as the logger's. */
function envReads(rel: string): string[] {
  if (!existsSync(join(ROOT, rel))) return [];
  return [...read(rel).matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!);
}

const catalog = loadCatalog();
const providerVars = new Set([...catalog.providers.keys()].flatMap((ns) => [envName(ns, "API_KEY"), envName(ns, "BASE_URL")]));
const statusFeedVars = new Set([...catalog.providers.keys()].map((ns) => feedEnvVar(ns)));
const DATAPLANE_READS = new Set([...configKeys("dataplane/src/config.ts"), ...providerVars, ...envReads("proto/log.ts")]);
const CONTROLPLANE_READS = new Set([...configKeys("controlplane/src/config.ts"), ...statusFeedVars, ...envReads("proto/log.ts")]);

/** The source file behind `npm run <script>` (`tsx <file>`). */
function scriptFile(script: string): string {
  const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
  const file = /^tsx (\S+)$/.exec(scripts[script] ?? "")?.[1];
  if (!file) throw new Error(`npm run ${script} is not "tsx <file>" any more; update this test`);
  return file;
}

/** How the image runs what `npm run <script>` runs from the sources: node on that file's bundle (deploy/build.ts). */
function imageCommand(script: string): string[] {
  const bundle = ENTRIES[scriptFile(script)];
  if (!bundle) throw new Error(`deploy/build.ts does not bundle ${scriptFile(script)} (npm run ${script})`);
  return ["node", `dist/${bundle}`];
}

/** A container port by number or name. */
function containerPort(c: Json, port: number | string): number {
  if (typeof port === "number") return port;
  const p = (c.ports as Json[]).find((x) => x.name === port);
  expect(p, `port named ${port}`).toBeDefined();
  return p!.containerPort as number;
}

/** A default written in the source (`name = 30_000`), so that timing in the manifests follows the code. */
function sourceDefaultMs(rel: string, pattern: RegExp): number {
  const m = pattern.exec(read(rel));
  if (!m) throw new Error(`${rel}: ${pattern} not found any more; update this test`);
  return Number(m[1]!.replaceAll("_", ""));
}
// SVC_DRAIN_MS's default; the manifests do not set it (a test below would have to read the ConfigMap instead)
const DRAIN_MS = sourceDefaultMs("dataplane/src/config.ts", /SVC_DRAIN_MS: z\.coerce\.number\(\)\.int\(\)\.nonnegative\(\)\.default\(([\d_]+)\)/);
const USAGE_FLUSH_MS = sourceDefaultMs("dataplane/src/metering/usage-publisher.ts", /async close\(timeoutMs = ([\d_]+)\)/);

function dockerfile(): { lines: string[]; user: string; from: string[] } {
  const text = read("deploy/Dockerfile").replace(/\\\n/g, " ");
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
  const args = new Map(lines.filter((l) => /^ARG \w+=/.test(l)).map((l) => /^ARG (\w+)=(\S+)/.exec(l)!.slice(1) as [string, string]));
  const from = lines.filter((l) => l.startsWith("FROM ")).map((l) => l.split(/\s+/)[1]!.replace(/\$\{(\w+)\}/g, (_, n: string) => args.get(n) ?? ""));
  const users = lines.filter((l) => l.startsWith("USER "));
  return { lines, user: users.at(-1)?.slice(5).trim() ?? "", from };
}

// ---------------------------------------------------------------------------------------------------------------

describe(`Kubernetes manifests (deploy/k8s/base, rendered with ${renderer})`, () => {
  it("holds the expected objects, each valid against the Kubernetes schema of its kind", () => {
    expect(docs.map((d) => `${d.kind}/${d.metadata.name.replace(/-[a-z0-9]{10}$/, "")}`).sort()).toEqual(
      [
        "ConfigMap/svc-gateway-config",
        "Deployment/svc-controlplane",
        "Deployment/svc-dataplane",
        "HorizontalPodAutoscaler/svc-dataplane",
        "NetworkPolicy/svc-controlplane",
        "PodDisruptionBudget/svc-dataplane",
        "Secret/svc-bootstrap",
        "Secret/svc-key-hash",
        "Secret/svc-postgres",
        "Secret/svc-provider-credentials",
        "Service/svc-controlplane",
        "Service/svc-dataplane",
      ].sort(),
    );
    for (const d of docs) {
      const Model = MODELS[`${d.apiVersion}/${d.kind}`];
      expect(Model, `a schema for ${d.apiVersion} ${d.kind}`).toBeDefined();
      // kustomize wraps long base64 values over lines; the API server's decoder (Go's base64) skips newlines,
      // the schema's "byte" format does not
      const doc = d.kind === "Secret" ? { ...d, data: Object.fromEntries(Object.entries((d.data ?? {}) as Record<string, string>).map(([k, v]) => [k, v.replace(/\s/g, "")])) } : d;
      expect(() => new Model!(doc).validate(), `${d.kind} ${d.metadata.name}`).not.toThrow();
      // namespace-agnostic: the namespace is chosen at apply time
      expect(d.metadata.namespace, `${d.kind} ${d.metadata.name}`).toBeUndefined();
    }
  });

  it("the schema check is live: a Deployment with a wrong field type or a missing container is refused", () => {
    const broken = structuredClone(dataplane());
    broken.spec.template.spec.containers[0].ports[0].containerPort = "8080";
    expect(() => new Deployment(broken).validate()).toThrow(/containerPort/);
    const empty = structuredClone(dataplane());
    delete empty.spec.template.spec.containers;
    expect(() => new Deployment(empty).validate()).toThrow(/containers/);
  });

  it("data plane probes: readiness on /ready and liveness on /health, on the port the process listens on", () => {
    const c = container(dataplane());
    const port = Number(environment(c).get("PORT"));
    expect(c.readinessProbe.httpGet.path).toBe("/ready");
    expect(containerPort(c, c.readinessProbe.httpGet.port)).toBe(port);
    expect(c.livenessProbe.httpGet.path).toBe("/health");
    expect(containerPort(c, c.livenessProbe.httpGet.port)).toBe(port);
    // /health also guards startup: /ready waits for the first snapshot, which must not count as a hang
    expect(c.startupProbe.httpGet.path).toBe("/health");
    expect(port).toBe(8080);
  });

  it("data plane metrics: METRICS_PORT is a container port, annotated for scraping and exposed by the Service", () => {
    const d = dataplane();
    const c = container(d);
    const metrics = Number(environment(c).get("METRICS_PORT"));
    expect(containerPort(c, "metrics")).toBe(metrics);
    expect(d.spec.template.metadata.annotations).toMatchObject({ "prometheus.io/scrape": "true", "prometheus.io/port": String(metrics), "prometheus.io/path": "/metrics" });
    const svc = one("Service", "svc-dataplane");
    expect((svc.spec.ports as Json[]).some((p) => containerPort(c, p.targetPort) === metrics)).toBe(true);
  });

  it("Services select their pods and reach the ports the processes listen on", () => {
    for (const [svcName, deploy, envVar] of [
      ["svc-dataplane", dataplane(), "PORT"],
      ["svc-controlplane", controlplane(), "CONTROLPLANE_PORT"],
    ] as const) {
      const svc = one("Service", svcName);
      const labels = deploy.spec.template.metadata.labels;
      expect(labels).toMatchObject(svc.spec.selector);
      const c = container(deploy);
      expect(containerPort(c, svc.spec.ports[0].targetPort)).toBe(Number(environment(c).get(envVar)));
    }
    // and the data planes are pointed at that Service
    const url = new URL(environment(container(dataplane())).get("CONTROLPLANE_URL")!);
    const cpSvc = one("Service", "svc-controlplane");
    expect(url.hostname).toBe(cpSvc.metadata.name);
    expect(Number(url.port)).toBe(cpSvc.spec.ports[0].port);
  });

  it("the HorizontalPodAutoscaler scales the data plane Deployment on CPU, and the Deployment leaves it the replica count", () => {
    const hpa = one("HorizontalPodAutoscaler", "svc-dataplane");
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: "apps/v1", kind: "Deployment", name: dataplane().metadata.name });
    expect(hpa.spec.metrics).toEqual([{ type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: expect.any(Number) } } }]);
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    // CPU utilisation is measured against the request: without one the autoscaler has nothing to compute
    expect(container(dataplane()).resources.requests.cpu).toBeDefined();
    expect(dataplane().spec.replicas).toBeUndefined();
  });

  it("the PodDisruptionBudget selects the data plane pods and no others", () => {
    const pdb = one("PodDisruptionBudget", "svc-dataplane");
    const selector = pdb.spec.selector.matchLabels as Record<string, string>;
    const matches = (labels: Record<string, string>) => Object.entries(selector).every(([k, v]) => labels[k] === v);
    expect(matches(dataplane().spec.template.metadata.labels)).toBe(true);
    expect(matches(controlplane().spec.template.metadata.labels)).toBe(false);
    expect(dataplane().spec.selector.matchLabels).toEqual(selector);
    expect(pdb.spec.maxUnavailable ?? pdb.spec.minAvailable).toBeDefined();
  });

  it("one control plane, replaced rather than rolled (two would publish two snapshot sequences)", () => {
    expect(controlplane().spec.replicas).toBe(1);
    expect(controlplane().spec.strategy.type).toBe("Recreate");
    const c = container(controlplane());
    expect(c.readinessProbe.httpGet.path).toBe("/status");
    expect(containerPort(c, c.readinessProbe.httpGet.port)).toBe(Number(environment(c).get("CONTROLPLANE_PORT")));
  });

  it("every Secret and ConfigMap key the Deployments reference exists", () => {
    // environment() fails on any reference to a missing object or key
    for (const d of [dataplane(), controlplane()]) expect(environment(container(d)).size).toBeGreaterThan(3);
  });

  it("every variable the Deployments set is one their process reads, and each gets what it requires", () => {
    const dp = environment(container(dataplane()));
    const cp = environment(container(controlplane()));
    expect([...dp.keys()].filter((k) => !DATAPLANE_READS.has(k)), "set on the data plane but not read by it").toEqual([]);
    expect([...cp.keys()].filter((k) => !CONTROLPLANE_READS.has(k)), "set on the control plane but not read by it").toEqual([]);
    // what `npm run dataplane` / `npm run controlplane` refuse to start without, and what splits them apart
    expect([...dp.keys()]).toEqual(expect.arrayContaining(["NATS_URL", "SVC_KEY_HASH_SECRET", "CONTROLPLANE_URL", "HOST", "PORT", "SVC_DATA_DIR"]));
    expect([...cp.keys()]).toEqual(expect.arrayContaining(["DATABASE_URL", "NATS_URL", "SVC_KEY_HASH_SECRET", "HOST", "CONTROLPLANE_PORT"]));
    for (const shared of ["NATS_URL", "SVC_NATS_PREFIX", "SVC_KEY_HASH_SECRET"]) expect(dp.get(shared), shared).toBe(cp.get(shared));
    // a pod listening on loopback would be unreachable from its Service
    expect(dp.get("HOST")).toBe("0.0.0.0");
    expect(cp.get("HOST")).toBe("0.0.0.0");
  });

  it("the committed Secret values are placeholders nothing can run on", () => {
    const hash = valuesOf(generated("Secret", "svc-key-hash")).SVC_KEY_HASH_SECRET!;
    expect(() => loadDataPlaneConfig({ SVC_KEY_HASH_SECRET: hash })).toThrow(/SVC_KEY_HASH_SECRET/);
    expect(() => loadControlPlaneConfig({ SVC_KEY_HASH_SECRET: hash })).toThrow(/SVC_KEY_HASH_SECRET/);
    expect(new URL(valuesOf(generated("Secret", "svc-postgres")).DATABASE_URL!).hostname).toMatch(/\.invalid$/);
    const providers = valuesOf(generated("Secret", "svc-provider-credentials"));
    expect(Object.keys(providers).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(providers)) expect(value, name).toBe("");
    expect(valuesOf(generated("Secret", "svc-bootstrap")).SVC_BOOTSTRAP_MGMT_KEY).toBe("");
  });

  it("the Deployments run the bundles of the package.json scripts' files in the same image", () => {
    expect(container(dataplane()).command).toEqual(imageCommand("dataplane"));
    expect(container(controlplane()).command).toEqual(imageCommand("controlplane"));
    expect(container(dataplane()).image).toBe(container(controlplane()).image);
    // the tag of this release, so an overlay that renames the image keeps matching it by name
    expect(container(dataplane()).image).toBe(`svc-gateway:${(JSON.parse(read("package.json")) as { version: string }).version}`);
  });

  it("pods run as the image's non-root user, without privilege, on a read-only root with writable data and tmp", () => {
    const uid = Number(dockerfile().user.split(":")[0]);
    for (const d of [dataplane(), controlplane()]) {
      const pod = d.spec.template.spec;
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: uid });
      expect(pod.automountServiceAccountToken).toBe(false);
      // service links would inject <SERVICE>_PORT=tcp://… variables next to settings such as CONTROLPLANE_PORT
      expect(pod.enableServiceLinks).toBe(false);
      const c = container(d);
      expect(c.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ["ALL"] } });
      const mounts = (c.volumeMounts as Json[]).map((m) => m.mountPath);
      expect(mounts).toEqual(expect.arrayContaining([environment(c).get("SVC_DATA_DIR"), "/tmp"]));
      const volumes = new Set((pod.volumes as Json[]).map((v) => v.name));
      for (const m of c.volumeMounts as Json[]) expect(volumes.has(m.name), m.name).toBe(true);
    }
  });

  it("the spool volume is larger than the spool's own bound, so the replica refuses requests before the kubelet evicts it", () => {
    const pod = dataplane().spec.template.spec;
    const dataDir = environment(container(dataplane())).get("SVC_DATA_DIR");
    const mount = (container(dataplane()).volumeMounts as Json[]).find((m) => m.mountPath === dataDir)!;
    const volume = (pod.volumes as Json[]).find((v) => v.name === mount.name)!;
    const units: Record<string, number> = { Mi: 2 ** 20, Gi: 2 ** 30 };
    const [, amount, unit] = /^(\d+)(Mi|Gi)$/.exec(volume.emptyDir.sizeLimit)!;
    expect(Number(amount) * units[unit!]!).toBeGreaterThan(loadDataPlaneConfig({}).usageSpoolMaxBytes);
  });

  it("a data plane pod gets to finish its drain before Kubernetes kills it", () => {
    const pod = dataplane().spec.template.spec;
    const preStop = container(dataplane()).lifecycle.preStop.exec.command as string[];
    expect(preStop[0]).toBe("sleep");
    const preStopMs = Number(preStop[1]) * 1000;
    expect(preStopMs).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(preStopMs + DRAIN_MS + USAGE_FLUSH_MS);
  });

  it.runIf(kubectl)("the built-in reader (used where kubectl is absent) renders what kubectl kustomize renders", () => {
    const k = parse(readFileSync(join(BASE, "kustomization.yaml"), "utf8")) as Json;
    const names = [...(k.configMapGenerator ?? []), ...(k.secretGenerator ?? [])].map((g: Json) => g.name as string);
    const unhash = (v: unknown): unknown => {
      if (typeof v === "string") return names.find((n) => new RegExp(`^${n}-[a-z0-9]{10}$`).test(v)) ?? v;
      if (Array.isArray(v)) return v.map(unhash);
      if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([key, x]) => [key, unhash(x)]));
      return v;
    };
    const normal = (list: Json[]) =>
      list
        .map((d) => unhash(d.kind === "Secret" ? { ...d, data: valuesOf(d) } : d) as Json)
        .sort((a, b) => `${a.kind}/${a.metadata.name}`.localeCompare(`${b.kind}/${b.metadata.name}`));
    expect(normal(renderWithoutKubectl())).toEqual(normal(docs));
  });
});

describe("NATS Helm chart values (deploy/k8s/nats/values.yaml)", () => {
  const values = parse(read("deploy/k8s/nats/values.yaml")) as Json;

  it("enable JetStream on file storage with a volume, in a three-server cluster", () => {
    expect(values.config.jetstream).toMatchObject({ enabled: true, fileStore: { enabled: true, pvc: { enabled: true } }, memoryStore: { enabled: false } });
    expect(values.config.jetstream.fileStore.pvc.size).toMatch(/^\d+[GT]i$/);
    expect(values.config.cluster).toMatchObject({ enabled: true, replicas: 3 });
  });

  it("use only the chart's top-level keys (1.x and later), and match the NATS_URL the gateway is given", () => {
    // nats-io/k8s helm/charts/nats/values.yaml, 1.x–2.x
    const chartKeys = new Set(["global", "nameOverride", "fullnameOverride", "namespaceOverride", "tlsCA", "config", "container", "reloader", "promExporter", "service", "statefulSet", "podTemplate", "headlessService", "configMap", "podDisruptionBudget", "serviceAccount", "natsBox", "extraResources"]);
    expect(Object.keys(values).filter((k) => !chartKeys.has(k))).toEqual([]);
    // a release named "nats" (the install command in docs/deploy.md) serves nats://nats:4222
    expect(valuesOf(generated("ConfigMap", "svc-gateway-config")).NATS_URL).toBe("nats://nats:4222");
    expect(read("docs/deploy.md")).toContain("helm upgrade --install nats nats/nats");
    expect(read("docs/deploy.md")).toContain("-f deploy/k8s/nats/values.yaml");
  });
});

describe("the image (deploy/Dockerfile)", () => {
  const { lines, user, from } = dockerfile();
  const pkg = JSON.parse(read("package.json")) as { dependencies: Record<string, string>; scripts: Record<string, string> };

  it("is Node 20 on a glibc Debian base in every stage (uWebSockets.js has no musl binary)", () => {
    expect(from.length).toBeGreaterThanOrEqual(2);
    for (const image of from.filter((f) => f.includes(":"))) expect(image).toMatch(/^node:20(\.\d+)*-(bookworm|bullseye)(-slim)?$/);
  });

  it("sets the runtime environment deploy/runtime-env.ts names (the bench starts gateways with the same)", () => {
    const env = new Map(
      lines
        .filter((l) => l.startsWith("ENV "))
        .flatMap((l) => l.slice(4).trim().split(/\s+/))
        .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as [string, string]),
    );
    expect(Object.keys(RUNTIME_ENV).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(RUNTIME_ENV)) expect(env.get(name), name).toBe(value);
  });

  it("runs as a numeric non-root user (Kubernetes can only verify runAsNonRoot for a numeric user)", () => {
    expect(user).toMatch(/^\d+(:\d+)?$/);
    expect(Number(user.split(":")[0])).toBeGreaterThan(0);
  });

  it("installs production dependencies only (tsx among them, for the CLI), and runs the embedded bundle by default", () => {
    expect(lines.some((l) => /npm ci\b.*--omit=dev/.test(l))).toBe(true);
    expect(pkg.dependencies.tsx).toBeDefined();
    const cmd = JSON.parse(lines.find((l) => l.startsWith("CMD "))!.slice(4)) as string[];
    expect(cmd).toEqual(imageCommand("start"));
  });

  it("builds the bundles in a stage of its own and copies only dist/ from it", () => {
    expect(lines).toContain("FROM ${NODE_IMAGE} AS build");
    expect(lines).toContain("RUN npx tsx deploy/build.ts");
    expect(lines).toContain("COPY --from=build /app/dist ./dist");
    // the build stage has every source the bundles are made of
    const buildStage = lines.slice(lines.findIndex((l) => l.endsWith(" AS build")), lines.indexOf("RUN npx tsx deploy/build.ts"));
    for (const dir of ["proto", "catalog", "controlplane", "dataplane"]) expect(buildStage, dir).toContain(`COPY ${dir} ./${dir}`);
  });

  it("copies every file the processes load, and every package they import is a production dependency", () => {
    const copied = lines.filter((l) => l.startsWith("COPY ") && !l.includes("--from=")).flatMap((l) => l.slice(5).trim().split(/\s+/).slice(0, -1));
    const ignored = read("deploy/Dockerfile.dockerignore").split("\n").filter((l) => l.startsWith("**/*."));
    // the bundles are made of these sources and read catalog/ at run time from the same tree
    const entries = [...Object.keys(ENTRIES), ...["start", "dataplane", "controlplane"].map(scriptFile), "controlplane/bin/svc.mjs"];
    const seen = new Set<string>();
    const packages = new Set<string>();
    const queue = [...entries];
    while (queue.length > 0) {
      const rel = queue.pop()!;
      if (seen.has(rel)) continue;
      seen.add(rel);
      expect(existsSync(join(ROOT, rel)), rel).toBe(true);
      expect(copied.some((c) => rel === c || rel.startsWith(`${c}/`)), `${rel} is copied into the image`).toBe(true);
      for (const pattern of ignored) expect(rel.endsWith(pattern.slice(3)), `${rel} is excluded by ${pattern}`).toBe(false);
      const src = readFileSync(join(ROOT, rel), "utf8");
      const specifiers = [
        ...[...src.matchAll(/^\s*(?:import|export)(?!\s+type\b)[^;'"]*?from\s*["']([^"']+)["']/gm)].map((m) => m[1]!),
        ...[...src.matchAll(/^\s*import\s*["']([^"']+)["']/gm)].map((m) => m[1]!),
        ...[...src.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!),
        ...[...src.matchAll(/new URL\(\s*["'](\.[^"']+)["']\s*,\s*import\.meta\.url\)/g)].map((m) => m[1]!),
      ];
      for (const s of specifiers) {
        if (s.startsWith(".")) {
          const target = relative(ROOT, resolve(dirname(join(ROOT, rel)), s));
          // a bundle's sibling in dist/ (the embedded worker, when running from a bundle) is not a source
          const bundleSibling = Object.values(ENTRIES).some((b) => s === `./${b}`);
          if (/\.(ts|mjs|js)$/.test(target) && !bundleSibling) queue.push(target);
        } else if (!s.startsWith("node:") && !builtinModules.includes(s)) {
          packages.add(s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]!);
        }
      }
    }
    // the walk reached the whole program: both processes, the embedded worker, the catalog and the bus
    for (const f of ["dataplane/src/gateway.ts", "controlplane/src/controlplane.ts", "controlplane/src/embedded/worker.ts", "catalog/src/index.ts", "proto/transport-nats.ts"]) {
      expect(seen.has(f), f).toBe(true);
    }
    expect([...packages].filter((p) => !(p in pkg.dependencies)).sort(), "imported at run time but not a production dependency").toEqual([]);
  });
});

describe("the compose file (deploy/compose.yaml)", () => {
  const compose = parse(read("deploy/compose.yaml"), { merge: true }) as Json;
  const services = compose.services as Record<string, Json>;
  const envNames = (s: Json) => Object.keys(s.environment ?? {});

  it("has Postgres, NATS with JetStream, one control plane, two or more data planes and one public address", () => {
    expect(Object.keys(services).sort()).toEqual(["controlplane", "dataplane", "lb", "nats", "postgres"]);
    expect(services.nats!.command).toContain("-js");
    expect(services.dataplane!.deploy.replicas).toBeGreaterThanOrEqual(2);
    const published = Object.entries(services).filter(([, s]) => (s.ports ?? []).length > 0);
    expect(published.map(([n]) => n)).toEqual(["lb"]);
    expect(services.lb!.ports).toEqual(["8080:8080"]);
    const nginx = compose.configs.nginx.content as string;
    expect(nginx).toContain(`server dataplane:${services.dataplane!.environment.PORT} resolve;`);
    // streamed answers must pass event by event, not when the proxy's buffer fills
    expect(nginx).toContain("proxy_buffering off;");
  });

  it("starts processes in order: the control plane after healthy Postgres and NATS, data planes after the control plane", () => {
    expect(services.controlplane!.depends_on).toMatchObject({ postgres: { condition: "service_healthy" }, nats: { condition: "service_healthy" } });
    expect(services.dataplane!.depends_on).toMatchObject({ controlplane: { condition: "service_healthy" } });
    expect(services.controlplane!.healthcheck.test.join(" ")).toContain(`127.0.0.1:${services.controlplane!.environment.CONTROLPLANE_PORT}/status`);
  });

  it("runs the bundles of the package.json scripts' files, built from deploy/Dockerfile", () => {
    expect(services.controlplane!.command).toEqual(imageCommand("controlplane"));
    expect(services.dataplane!.command).toEqual(imageCommand("dataplane"));
    for (const name of ["controlplane", "dataplane"]) {
      const build = services[name]!.build;
      expect(existsSync(join(ROOT, "deploy", build.context, build.dockerfile)), name).toBe(true);
    }
  });

  it("gives each process only variables it reads, and the data planes time to drain", () => {
    expect(envNames(services.controlplane!).filter((k) => !CONTROLPLANE_READS.has(k))).toEqual([]);
    expect(envNames(services.dataplane!).filter((k) => !DATAPLANE_READS.has(k))).toEqual([]);
    expect(envNames(services.controlplane!)).toEqual(expect.arrayContaining(["DATABASE_URL", "NATS_URL", "SVC_KEY_HASH_SECRET"]));
    expect(envNames(services.dataplane!)).toEqual(expect.arrayContaining(["NATS_URL", "SVC_KEY_HASH_SECRET", "CONTROLPLANE_URL"]));
    expect(Number(/^(\d+)s$/.exec(services.dataplane!.stop_grace_period)![1]) * 1000).toBeGreaterThan(DRAIN_MS + USAGE_FLUSH_MS);
  });
});
