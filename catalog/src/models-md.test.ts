import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CATALOG_DIR, loadCatalog } from "./load.ts";
import { renderModelsMd } from "./models-md.ts";
import { baseCatalog, removeTempCatalogs, writeCatalog } from "./temp-catalog.test-helper.ts";

afterAll(removeTempCatalogs);

describe("catalog/MODELS.md", () => {
  it("is up to date with the catalog data", () => {
    const committed = readFileSync(join(CATALOG_DIR, "MODELS.md"), "utf8");
    expect(renderModelsMd(loadCatalog()) === committed, "catalog/MODELS.md is stale: run `npm run catalog:models` and commit the result").toBe(true);
  });
});

describe("renderModelsMd", () => {
  const md = renderModelsMd(loadCatalog(writeCatalog(baseCatalog())));
  const rowOf = (slug: string) => md.split("\n").find((l) => l.startsWith(`| \`${slug}\` |`));

  it("says it is generated and where billing precision lives", () => {
    expect(md).toContain("Do not edit it by hand");
    expect(md).toContain("npm run catalog:models");
    expect(md).toContain("Rates are reference figures; billing is in integer micro-USD.");
  });

  it("groups models by kind in a fixed order", () => {
    const headings = md.split("\n").filter((l) => l.startsWith("## ")).map((l) => l.split(" ")[1]);
    expect(headings).toEqual(["Chat", "Embedding", "Image", "Transcription"]);
    expect(md, "a heading must follow a blank line").not.toMatch(/[^\n]\n## /);
  });

  it.each([
    ["alpha/chat-1", "| `alpha/chat-1` | Chat One | Provider alpha | tools, cache | 128,000 | $2.50 / Mtok | $10.00 / Mtok | Active |"],
    ["alpha/embed-1", "| `alpha/embed-1` | Embed One | Provider alpha | embeddings, 1024/512d | 8,192 | $0.02 / Mtok | – | Active |"],
    ["alpha/image-1", "| `alpha/image-1` | Image One | Provider alpha | images, low, high | – | $0.80 / credit | – | Preview |"],
    ["alpha/transcribe-1", "| `alpha/transcribe-1` | Transcribe \\| One | Provider alpha | transcription, audio, json, svc_json | – | $0.0043 / min | – | Active |"],
    ["beta/chat-2", "| `beta/chat-2` | Chat Two | Provider beta |  | – | $0.003625 / Mtok | $1 / Mtok | Active |"],
  ])("renders %s", (slug, row) => {
    expect(rowOf(slug)).toBe(row);
  });
});
