/** Writes small catalogs to temporary folders for tests. Not part of the public surface. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "yaml";

export type RawEntry = Record<string, unknown>;
export interface RawCatalog {
  providers: RawEntry[];
  /** File name under models/ (e.g. "alpha.yaml") → entries, or raw text to write verbatim. */
  models: Record<string, RawEntry[] | string>;
}

const provider = (namespace: string): RawEntry => ({
  namespace,
  name: `Provider ${namespace}`,
  base_url: `https://api.${namespace}.example/v1`,
  auth: "bearer",
  wire: "openai",
  status_page: null,
  status_feed: null,
});

/** A small valid catalog: one model of every kind under alpha, one chat model under beta. */
export function baseCatalog(): RawCatalog {
  return {
    providers: [provider("alpha"), provider("beta")],
    models: {
      "alpha.yaml": [
        {
          slug: "alpha/chat-1",
          name: "Chat One",
          kind: "chat",
          labels: ["tools", "cache"],
          context_window: 128000,
          max_output_tokens: 16384,
          status: "Active",
          rates: { unit: "mtok", input: "2.50", output: "10.00", cached_input: "1.25" },
        },
        {
          slug: "alpha/embed-1",
          name: "Embed One",
          kind: "embedding",
          labels: ["embeddings", "1024/512d"],
          context_window: 8192,
          status: "Active",
          rates: { unit: "mtok", input: "0.02", output: null },
          svc: { default_dimensions: 1024, supported_dimensions: [1024, 512] },
        },
        {
          slug: "alpha/image-1",
          name: "Image One",
          kind: "image",
          labels: ["images", "low", "high"],
          context_window: null,
          status: "Preview",
          rates: { unit: "credit", input: "0.80", output: null },
          svc: { sizes: ["1024x1024", "auto"], qualities: ["low", "high", "auto"], max_n: 4, max_input_images: 1, tier_output_tokens: { "low:1024x1024": 272 } },
        },
        {
          slug: "alpha/transcribe-1",
          name: "Transcribe | One",
          kind: "transcription",
          labels: ["transcription", "audio", "json", "svc_json"],
          context_window: null,
          status: "Active",
          rates: { unit: "minute", input: "0.0043", output: null, surcharges: { keyterms: "0.0013" } },
          svc: { response_formats: ["json", "svc_json"], supports_streaming: false, max_file_bytes: 26214400, surcharged_parameters: ["keyterms"] },
        },
      ],
      "beta.yaml": [
        {
          slug: "beta/chat-2",
          name: "Chat Two",
          kind: "chat",
          labels: [],
          context_window: null,
          max_output_tokens: 4096,
          status: "Active",
          rates: { unit: "mtok", input: "0.003625", output: "1" },
        },
      ],
    },
  };
}

export function modelsOf(c: RawCatalog, file: string): RawEntry[] {
  const models = c.models[file];
  if (!Array.isArray(models)) throw new Error(`${file} is not a list in this test catalog`);
  return models;
}

export function modelAt(c: RawCatalog, file: string, slug: string): RawEntry {
  const model = modelsOf(c, file).find((m) => m["slug"] === slug);
  if (model === undefined) throw new Error(`no ${slug} in ${file}`);
  return model;
}

const made: string[] = [];

export function writeCatalog(c: RawCatalog): string {
  const dir = mkdtempSync(join(tmpdir(), "catalog-test-"));
  made.push(dir);
  mkdirSync(join(dir, "models"));
  writeFileSync(join(dir, "providers.yaml"), stringify(c.providers));
  for (const [file, content] of Object.entries(c.models)) {
    writeFileSync(join(dir, "models", file), typeof content === "string" ? content : stringify(content));
  }
  return dir;
}

export function removeTempCatalogs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
