import type { Route } from "../route.ts";
import { createKeyRoute } from "./create-key.ts";
import { getKeyRoute } from "./get-key.ts";
import { listKeysRoute } from "./list-keys.ts";
import { revokeKeyRoute } from "./revoke-key.ts";
import { revokeOwnKeyRoute } from "./revoke-own-key.ts";
import { updateKeyRoute } from "./update-key.ts";

/** Every control-plane route, registered explicitly. */
export const ROUTES: readonly Route[] = Object.freeze([
  createKeyRoute,
  listKeysRoute,
  getKeyRoute,
  updateKeyRoute,
  revokeKeyRoute,
  revokeOwnKeyRoute,
]);
