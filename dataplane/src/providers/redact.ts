/** Strings that look like credentials, whatever provider or client they belong to. */
const KEY_LIKE = /\b(?:sk|svc|pk|rk|key|AIza|xai|gsk)[-_][A-Za-z0-9*_\-.]{6,}|\bAIza[A-Za-z0-9_\-]{20,}|\b[A-Za-z0-9]{32,}\b/g;

/** Never let a credential reach a client or a log through a provider's error text. */
export function redact(text: string, secret?: string): string {
  let out = secret && secret.length >= 4 ? text.split(secret).join("[redacted]") : text;
  out = out.replace(KEY_LIKE, "[redacted]");
  return out.length > 1_000 ? `${out.slice(0, 1_000)}…` : out;
}
