/**
 * Providers name the spoken language four ways: Whisper by English name ("english"), Deepgram by BCP 47 ("en"),
 * AssemblyAI by underscore codes ("en_us"), ElevenLabs by ISO 639-3 ("eng"). svc_json carries one: a BCP 47 tag
 * as Intl canonicalizes it (ISO 639-1 where one exists: "en", "en-US", "yue").
 */

/** Whisper's names that differ from the English names ICU gives the same languages. */
const WHISPER_NAMES: Readonly<Record<string, string>> = { bengali: "bn", myanmar: "my", nynorsk: "nn", tagalog: "tl", castilian: "es", valencian: "ca", flemish: "nl", moldavian: "ro", moldovan: "ro", haitian: "ht", letzeburgesch: "lb", pushto: "ps", panjabi: "pa", sinhalese: "si" };

const fold = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

let byName: Map<string, string> | undefined;

/** English language names → code, built once from ICU's own names for every two-letter code. */
function nameIndex(): Map<string, string> {
  if (byName) return byName;
  const names = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
  const index = new Map<string, string>(Object.entries(WHISPER_NAMES));
  const letters = "abcdefghijklmnopqrstuvwxyz";
  for (const a of letters) {
    for (const b of letters) {
      const name = names.of(a + b);
      if (name !== undefined && !index.has(fold(name))) index.set(fold(name), a + b);
    }
  }
  for (const code of ["yue", "haw", "fil", "ceb"]) {
    const name = names.of(code);
    if (name !== undefined && !index.has(fold(name))) index.set(fold(name), code);
  }
  return (byName = index);
}

/** The BCP 47 tag for a provider's language value; null when it reports none or one that names no language. */
export function canonicalLanguage(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const value = raw.trim();
  if (value === "") return null;
  if (/^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/.test(value)) {
    try {
      const [tag] = Intl.getCanonicalLocales(value.replaceAll("_", "-"));
      if (tag !== undefined) return tag;
    } catch {
      // not a well-formed tag: perhaps a name after all
    }
  }
  return nameIndex().get(fold(value)) ?? null;
}
