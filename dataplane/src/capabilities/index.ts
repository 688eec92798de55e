import type { Model } from "../../../catalog/src/index.ts";
import { embeddingBlock } from "./embedding.ts";
import { imageBlock } from "./image.ts";
import { transcriptionBlock } from "./transcription.ts";

/**
 * The `svc` block of GET /v1/models/{id} (SPEC 2.2). Each kind's block comes from the module that holds the
 * checks its route enforces, so what is advertised and what is accepted cannot drift apart. Chat models and
 * pure passthrough image models publish none (undefined).
 */
export function svcBlock(model: Model): Record<string, unknown> | undefined {
  switch (model.kind) {
    case "embedding":
      return embeddingBlock(model);
    case "image":
      return imageBlock(model);
    case "transcription":
      return transcriptionBlock(model);
    default:
      return undefined;
  }
}
