import type { Catalog } from "./load.ts";
import type { Model, RateUnit } from "./schema.ts";
import { MODEL_KINDS, type ModelKind } from "./vocab.ts";

/** The human rate table (SPEC 2.1). Pure: the same catalog always renders the same bytes. */

const HEADINGS: Record<ModelKind, string> = {
  chat: "Chat — POST /v1/chat/completions",
  embedding: "Embedding — POST /v1/embeddings",
  image: "Image — POST /v1/images/generations, POST /v1/images/edits",
  transcription: "Transcription — POST /v1/audio/transcriptions",
};

const UNIT_LABELS: Record<RateUnit, string> = { mtok: "Mtok", minute: "min", credit: "credit" };
const COLUMNS = ["Slug", "Name", "Provider", "Labels", "Context", "Input", "Output", "Status"] as const;
const DASH = "–";

const HEADER = `# Models

<!-- Generated from catalog/ by \`npm run catalog:models\`. Do not edit by hand. -->

This table is generated from the routing catalog (\`catalog/providers.yaml\`, \`catalog/models/*.yaml\`).
Do not edit it by hand: change the YAML and run \`npm run catalog:models\`; a test fails while it is stale.

Rates are reference figures; billing is in integer micro-USD. Context-tiered, deployment-tiered and
surcharged models can bill above them. Units: \`/ Mtok\` per million tokens, \`/ min\` per minute of audio,
\`/ credit\` per provider credit (one credit is 0.01 USD). A dash in Output means the column does not apply
(not that it is free); a dash in Context means no token window is published. A chat model with no
labels is text only. Models also answer to bare aliases; the slug is the stable contract.
`;

export function renderModelsMd(catalog: Catalog): string {
  const sections = MODEL_KINDS.map((kind) => {
    const models = catalog.models.filter((m) => m.kind === kind);
    if (models.length === 0) return null;
    const rows = models.map((m) => row(m, catalog.providers.get(m.provider)?.name ?? m.provider));
    return [`## ${HEADINGS[kind]}`, "", line(COLUMNS), line(COLUMNS.map(() => "---")), ...rows.map(line)].join("\n");
  }).filter((s): s is string => s !== null);
  return `${HEADER}\n${sections.join("\n\n")}\n`;
}

function row(m: Model, providerName: string): string[] {
  return [
    `\`${m.slug}\``,
    m.name,
    providerName,
    m.labels.join(", "),
    m.context_window === null ? DASH : groupThousands(m.context_window),
    rate(m.rates.input_display, m.rates.unit),
    m.rates.output_display === null ? DASH : rate(m.rates.output_display, m.rates.unit),
    m.status,
  ];
}

function rate(display: string, unit: RateUnit): string {
  return `$${display} / ${UNIT_LABELS[unit]}`;
}

// Locale-free so the output does not depend on the ICU data of the machine that renders it.
function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function line(cells: readonly string[]): string {
  return `| ${cells.map((c) => c.replaceAll("|", "\\|")).join(" | ")} |`;
}
