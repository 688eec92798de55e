import type { StoredKey } from "../db/repositories/keys.ts";
import type { ControlDeps, ControlResponse } from "./types.ts";

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * management: a live management key (the caller's organization scopes everything);
 * presented-inference-key: the inference key in the header itself, revoked or not.
 */
export type RouteAuth = "management" | "presented-inference-key";

export interface RouteContext<B> {
  deps: ControlDeps;
  /** the authenticated key */
  caller: StoredKey;
  /** path parameters, already URL-decoded */
  params: Readonly<Record<string, string>>;
  body: B;
  now: Date;
}

export interface RouteSpec<B> {
  method: Method;
  /** e.g. "/v1/management/keys/{id}" */
  path: string;
  auth: RouteAuth;
  /** validates the raw body; throws ControlError naming the field */
  parseBody: (raw: Uint8Array) => B;
  handle(ctx: RouteContext<B>): Promise<ControlResponse>;
}

/** A route with its body type erased, so routes of different bodies share one table. */
export interface Route {
  readonly method: Method;
  readonly path: string;
  readonly auth: RouteAuth;
  run(ctx: Omit<RouteContext<unknown>, "body">, raw: Uint8Array): Promise<ControlResponse>;
}

export function defineRoute<B>(spec: RouteSpec<B>): Route {
  return Object.freeze({
    method: spec.method,
    path: spec.path,
    auth: spec.auth,
    run: (ctx: Omit<RouteContext<unknown>, "body">, raw: Uint8Array) => spec.handle({ ...ctx, body: spec.parseBody(raw) }),
  });
}

/** For routes that take no body: whatever is sent is ignored. */
export function noBody(): undefined {
  return undefined;
}
