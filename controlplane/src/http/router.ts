import type { Route } from "./route.ts";

export type RouteMatch =
  | { kind: "found"; route: Route; params: Record<string, string> }
  | { kind: "method-not-allowed"; allow: string[] }
  | { kind: "not-found" };

/** Matches a path (trailing slash ignored) against the route table; `{name}` segments capture one decoded segment. */
export function matchRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const segments = splitPath(path);
  if (segments === undefined) return { kind: "not-found" };
  const allow: string[] = [];
  for (const route of routes) {
    const params = matchPath(splitPath(route.path) ?? [], segments);
    if (params === undefined) continue;
    if (route.method === method) return { kind: "found", route, params };
    allow.push(route.method);
  }
  return allow.length > 0 ? { kind: "method-not-allowed", allow } : { kind: "not-found" };
}

function splitPath(path: string): string[] | undefined {
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  try {
    return trimmed.split("/").slice(1).map((s) => decodeURIComponent(s));
  } catch {
    return undefined; // malformed percent-encoding
  }
}

function matchPath(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] ?? "";
    const s = segments[i] ?? "";
    if (p.startsWith("{") && p.endsWith("}")) {
      if (s === "") return undefined;
      params[p.slice(1, -1)] = s;
    } else if (p !== s) {
      return undefined;
    }
  }
  return params;
}
