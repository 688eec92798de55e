import { describe, expect, it } from "vitest";
import { canonicalLanguage } from "./language.ts";

describe("one language tag from four providers' spellings", () => {
  it.each([
    ["english", "en"], // Whisper
    ["English", "en"],
    ["chinese", "zh"],
    ["maori", "mi"], // ICU writes Māori
    ["bengali", "bn"], // ICU writes Bangla
    ["myanmar", "my"],
    ["cantonese", "yue"],
    ["en", "en"], // Deepgram
    ["pt-BR", "pt-BR"],
    ["en_us", "en-US"], // AssemblyAI
    ["eng", "en"], // ElevenLabs (ISO 639-3)
    ["deu", "de"],
    ["fil", "fil"],
  ])("%s → %s", (raw, tag) => {
    expect(canonicalLanguage(raw)).toBe(tag);
  });

  it.each([[null], [undefined], [""], ["  "], ["klingonese"], [42]])("%j → null", (raw) => {
    expect(canonicalLanguage(raw)).toBeNull();
  });
});
