import type { HttpRequest, HttpResponse } from "uWebSockets.js";
import { describe, expect, it } from "vitest";
import { RequestContext } from "./context.ts";

const response = { onAborted: () => response } as unknown as HttpResponse;

describe("a request's headers", () => {
  it("are kept as the route names them: present ones only, nothing else", () => {
    const sent: Record<string, string> = { "anthropic-version": "2023-06-01", "x-stainless-os": "Linux", authorization: "Bearer k" };
    const req = {
      getMethod: () => "post",
      getUrl: () => "/v1/messages",
      getQuery: () => "",
      getHeader: (k: string) => sent[k] ?? "",
    } as unknown as HttpRequest;
    const ctx = new RequestContext(response, req, ["x-api-key", "anthropic-version", "anthropic-beta"]);
    expect(ctx.headers).toEqual({ "anthropic-version": "2023-06-01" });
    expect(ctx.authorization).toBe("Bearer k");
    expect(new RequestContext(response, req).headers).toEqual({});
  });
});
