import type { Model, Provider } from "../../../catalog/src/index.ts";
import { geminiImages } from "./google/images.ts";
import type { ImageAdapter } from "./image-types.ts";
import { openAIImages } from "./openai-compat/images.ts";

/** Explicit registration: a wire format serves image models only once its adapter is listed here. */
const imageAdapters: Partial<Record<Provider["wire"], ImageAdapter>> = {
  openai: openAIImages,
  gemini: geminiImages,
};

export function imageAdapterFor(provider: Provider): ImageAdapter | undefined {
  return imageAdapters[provider.wire];
}

export function hasImageAdapter(model: Model, provider: Provider): boolean {
  return model.kind === "image" && imageAdapters[provider.wire] !== undefined;
}
