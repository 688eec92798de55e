/**
 * What a log line may never carry, as two independent layers: `censorFields` censors fields whose name says
 * "credential" wherever a caller put them, and `secretScrubber` replaces secret-shaped text anywhere in the
 * finished line (messages, error texts, values under innocent names). Call sites log only known-safe fields;
 * these layers are for the day one of them does not.
 */

export const CENSOR = "[redacted]";

/** Field names whose value is a credential whatever it holds (compared lower-cased). */
const SECRET_FIELDS: ReadonlySet<string> = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "x-goog-api-key",
  "api-key",
  "api_key",
  "apikey",
  "key",
  "credential",
  "credentials",
  "secret",
  "password",
  "token",
  "managementkey",
  "management_key",
  "plaintext",
]);

/** Objects are searched this deep: a request's headers inside an error's options inside a line. */
const MAX_DEPTH = 3;

/**
 * The logged object with every credential-named field censored, searched into plain objects and arrays; the
 * same object when there is nothing to censor (the usual case costs a name lookup per field). Used instead of
 * pino's `redact`, whose wildcard paths measured 60-180 µs a line here.
 */
export function censorFields(obj: Record<string, unknown>, depth = 1): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const k in obj) {
    const v = obj[k];
    let c = v;
    if (v !== undefined && SECRET_FIELDS.has(k.toLowerCase())) c = CENSOR;
    else if (depth < MAX_DEPTH && typeof v === "object" && v !== null) c = censorNested(v, depth + 1);
    if (c !== v) {
      out ??= { ...obj };
      out[k] = c;
    }
  }
  return out ?? obj;
}

function censorNested(v: object, depth: number): unknown {
  if (Array.isArray(v)) {
    let changed = false;
    const items = v.map((item: unknown) => {
      const c = typeof item === "object" && item !== null ? censorNested(item, depth) : item;
      if (c !== item) changed = true;
      return c;
    });
    return changed ? items : v;
  }
  // only plain objects are walked: an Error's fields are chosen by the err serializer
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return v;
  return censorFields(v as Record<string, unknown>, depth);
}

/**
 * Shapes of secrets, each looked for only when its literal probe is in the line, so a clean line costs a few
 * substring searches. Lower-case `svc_` only: the bus's stream names (`SVC_USAGE_…`) are not keys, and a key's
 * display prefix (`svc_AbCd`, `svc_mgmt_AbCd`) is too short to match.
 */
const SHAPES: readonly { probe: string; re: RegExp; to: string }[] = [
  // the gateway's own keys: inference `svc_` + 40 base62, management `svc_mgmt_` + the rest
  { probe: "svc_", re: /(?<![A-Za-z0-9])svc_[A-Za-z0-9_-]{16,}/g, to: CENSOR },
  // OpenAI, Anthropic (sk-ant-…), DeepSeek and the many providers that copied the format (not "disk-…")
  { probe: "sk-", re: /(?<![A-Za-z0-9])sk-[A-Za-z0-9_-]{16,}/g, to: CENSOR },
  { probe: "AIza", re: /AIza[0-9A-Za-z_-]{30,}/g, to: CENSOR },
  // whatever follows Bearer, whatever its shape
  { probe: "earer", re: /([Bb]earer\s{1,8})[^\s"\\]+/g, to: `$1${CENSOR}` },
  // the user and password of a URL (DATABASE_URL, NATS_URL)
  { probe: "://", re: /(:\/\/)[^/\s@"]+@/g, to: `$1${CENSOR}@` },
];

/** Environment variables that hold credentials: every provider's `<NAMESPACE>_API_KEY`, the key-hash secret, … */
const SECRET_ENV_NAME = /(?:^|_)(?:KEY|SECRET|TOKEN|PASSWORD|CREDENTIALS?)$/;
/** Shorter values are not scrubbed as literals: they would censor ordinary words. */
const MIN_LITERAL = 8;

/** The literal secrets of an environment: values of credential-named variables, comma-separated lists split. */
export function secretsFromEnv(env: Readonly<Record<string, string | undefined>>): string[] {
  const out = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (!value || !SECRET_ENV_NAME.test(name)) continue;
    for (const part of value.split(",")) {
      const s = part.trim();
      if (s.length >= MIN_LITERAL) out.add(s);
    }
  }
  return [...out];
}

/**
 * Replaces every given literal and every secret shape in a serialized JSON line with CENSOR. Literals are matched
 * as they appear inside a JSON string (escaped), longest first so one never leaves the tail of another. The line
 * stays valid JSON: no shape matches a quote, and a literal is replaced with its escapes.
 */
export function secretScrubber(literals: readonly string[]): (line: string) => string {
  const escaped = literals.map((s) => JSON.stringify(s).slice(1, -1)).sort((a, b) => b.length - a.length);
  return (line) => {
    for (const lit of escaped) if (line.includes(lit)) line = line.replaceAll(lit, CENSOR);
    for (const s of SHAPES) if (line.includes(s.probe)) line = line.replace(s.re, s.to);
    return line;
  };
}
