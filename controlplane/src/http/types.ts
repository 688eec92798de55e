import type { Kysely } from "kysely";
import type { Logger } from "../../../proto/log.ts";
import type { DB } from "../db/schema.ts";
import type { ResolveModel } from "../services/keys.ts";
import type { ControlRequest, ControlResponse } from "../../../proto/control.ts";

export type { ControlRequest, ControlResponse };

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
  /** one line per call; none when absent (tests) */
  log?: Logger;
}

export type ControlHandler = (req: ControlRequest) => Promise<ControlResponse>;
