/** Public surface of the routing catalog. Everything else under catalog/src is internal. */
export { loadCatalog, CATALOG_DIR, type Catalog } from "./load.ts";
export { CatalogError, type CatalogProblem } from "./errors.ts";
export { parseDecimalMicros } from "./decimal.ts";
export { renderModelsMd } from "./models-md.ts";
export { modelSchema, providerSchema } from "./schema.ts";
export type {
  AuthScheme,
  ChatModel,
  EmbeddingModel,
  EmbeddingSvc,
  ImageModel,
  ImageSvc,
  Model,
  ModelKind,
  ModelStatus,
  Provider,
  Rates,
  RateUnit,
  SurchargedParameter,
  SvcParams,
  TranscriptionFormat,
  TranscriptionModel,
  TranscriptionSvc,
  Wire,
} from "./schema.ts";
export { MODEL_KINDS, SURCHARGED_PARAMETERS, TRANSCRIPTION_FORMATS, UNMETERABLE_TRANSCRIPTION_FORMATS } from "./vocab.ts";
