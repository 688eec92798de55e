import { describe, expect, it } from "vitest";
import { parseStatuspage } from "./parse.ts";

const page = { id: "y2j98763l56x", name: "Acme", url: "https://status.acme.test", updated_at: "2026-11-02T09:12:44.000Z" };
const statusJson = (indicator: unknown) => ({ page, status: { indicator, description: "whatever the page says" } });
const component = (status: string) => ({ id: "c1", name: "API", status, group: false });
const summaryJson = (indicator: string, components: unknown) => ({ ...statusJson(indicator), components, incidents: [], scheduled_maintenances: [] });

describe("parseStatuspage", () => {
  it.each([
    ["status.json none", statusJson("none"), "operational"],
    ["status.json minor", statusJson("minor"), "degraded_performance"],
    ["status.json major", statusJson("major"), "partial_outage"],
    ["status.json critical", statusJson("critical"), "major_outage"],
    ["status.json maintenance", statusJson("maintenance"), "under_maintenance"],
    ["the same body as response text", JSON.stringify(statusJson("minor")), "degraded_performance"],
    ["summary.json, all components operational", summaryJson("none", [component("operational"), component("operational")]), "operational"],
    ["summary.json, a component under maintenance while the indicator says none", summaryJson("none", [component("operational"), component("under_maintenance")]), "under_maintenance"],
    ["summary.json, maintenance does not soften a worse indicator", summaryJson("major", [component("under_maintenance")]), "partial_outage"],
    ["summary.json, a malformed component is skipped", summaryJson("none", [null, 7, { status: 3 }, component("under_maintenance")]), "under_maintenance"],
    ["summary.json, a malformed components list does not hide the indicator", summaryJson("critical", "nope"), "major_outage"],
    ["garbage string", "}{ not json", null],
    ["HTML", "<!doctype html><html><body>All Systems Operational</body></html>", null],
    ["empty string", "", null],
    ["JSON null", "null", null],
    ["undefined", undefined, null],
    ["a number", 42, null],
    ["an array", [statusJson("none")], null],
    ["no status object", { page }, null],
    ["status without indicator", { page, status: { description: "All Systems Operational" } }, null],
    ["status is a string", { page, status: "none" }, null],
    ["indicator of the wrong type", statusJson(0), null],
    ["indicator null", statusJson(null), null],
    ["unknown indicator", statusJson("catastrophic"), null],
    ["indicator in another case", statusJson("None"), null],
    ["a component status is not an indicator", statusJson("operational"), null],
  ])("%s", (_, body, expected) => {
    expect(parseStatuspage(body)).toBe(expected);
  });
});
