import { revokeKeyById } from "../../services/keys.ts";
import { json } from "../respond.ts";
import { defineRoute, noBody } from "../route.ts";

/** DELETE /v1/key: the presenting inference key revokes itself. Idempotent: an already revoked key gets 200 too. */
export const revokeOwnKeyRoute = defineRoute({
  method: "DELETE",
  path: "/v1/key",
  auth: "presented-inference-key",
  parseBody: noBody,
  async handle({ deps, caller, now }) {
    const { key, changed } = await revokeKeyById(deps.db, caller.id, now);
    if (changed) deps.onChange.keyChanged(key.id);
    return json(200, { id: key.id, revoked: true });
  },
});
