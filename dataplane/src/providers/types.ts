/**
 * Token counts as a provider reported them. A field left undefined was not reported: that is not 0.
 * `inputTokens` counts every prompt token, including those read from or written to a prompt cache
 * (the OpenAI convention); adapters of providers that count them apart add them in.
 */
export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
  cachedInputTokens?: number;
  cacheWriteTokens?: number;
  reasoningTokens?: number;
}

/** What an adapter needs to build one upstream call. */
export interface UpstreamTarget {
  /** Base URL as the provider's SDK spells it (OpenAI style: with /v1). */
  baseUrl: string;
  credential: string;
  upstreamModel: string;
}

export interface UpstreamRequest {
  url: URL;
  headers: Record<string, string>;
  body: string;
}
