import { describe, expect, it } from "vitest";
import { feedEnvVar, feedsFromCatalog } from "./index.ts";

const providers = [
  { namespace: "openai", status_feed: "https://status.openai.com/api/v2/status.json" },
  { namespace: "mistral", status_feed: null },
  { namespace: "black-forest-labs", status_feed: null },
  { namespace: "groq", status_feed: "https://groqstatus.com/api/v2/status.json" },
];

describe("feedsFromCatalog", () => {
  it("takes the catalog's feeds and skips providers without one", () => {
    expect(feedsFromCatalog(providers, {})).toEqual([
      { slug: "openai", url: "https://status.openai.com/api/v2/status.json" },
      { slug: "groq", url: "https://groqstatus.com/api/v2/status.json" },
    ]);
  });

  it("names the variable after the namespace", () => {
    expect(feedEnvVar("openai")).toBe("OPENAI_STATUS_FEED_URL");
    expect(feedEnvVar("black-forest-labs")).toBe("BLACK_FOREST_LABS_STATUS_FEED_URL");
    expect(feedEnvVar("a.b+c9")).toBe("A_B_C9_STATUS_FEED_URL");
  });

  it("lets the environment replace, add or turn off a feed", () => {
    const env = {
      OPENAI_STATUS_FEED_URL: "http://127.0.0.1:9/openai.json",
      BLACK_FOREST_LABS_STATUS_FEED_URL: "https://status.bfl.test/api/v2/status.json",
      GROQ_STATUS_FEED_URL: "",
    };
    expect(feedsFromCatalog(providers, env)).toEqual([
      { slug: "openai", url: "http://127.0.0.1:9/openai.json" },
      { slug: "black-forest-labs", url: "https://status.bfl.test/api/v2/status.json" },
    ]);
  });

  it.each(["not a url", "ftp://status.acme.test/status.json", "file:///etc/passwd"])("refuses %s as an override", (url) => {
    expect(() => feedsFromCatalog(providers, { OPENAI_STATUS_FEED_URL: url })).toThrow(/OPENAI_STATUS_FEED_URL must be an http or https URL/);
  });

  it("takes any iterable, such as the catalog's map values", () => {
    const map = new Map(providers.map((p) => [p.namespace, p] as const));
    expect(feedsFromCatalog(map.values(), {}).map((f) => f.slug)).toEqual(["openai", "groq"]);
  });
});
