import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { ResolveModel } from "../services/keys.ts";

/** A management request, independent of transport: the data plane relays it over HTTP or calls the handler directly. */
export interface ControlRequest {
  method: string;
  /** path only, no query string */
  path: string;
  /** raw query string without '?' ('' when none) */
  query: string;
  /** lower-case header names */
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface ControlResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Told after a change has committed, so the new state can be published to the data planes. */
export interface ChangeListener {
  keyChanged(keyId: string): void;
  orgChanged(orgId: string): void;
}

export interface ControlDeps {
  db: Kysely<DB>;
  keyHashSecret: string;
  resolveModel: ResolveModel;
  onChange: ChangeListener;
  /** clock (tests); default: the system clock */
  now?: () => Date;
  /** sees unexpected errors (the client only gets a generic 500) */
  onError?: (err: unknown) => void;
}

export type ControlHandler = (req: ControlRequest) => Promise<ControlResponse>;
