import { revokeKey } from "../../services/keys.ts";
import { toKeyRecord } from "../key-record.ts";
import { json } from "../respond.ts";
import { defineRoute, noBody } from "../route.ts";

/** DELETE /v1/management/keys/{id}: revokes; repeating it is harmless and returns the same record. */
export const revokeKeyRoute = defineRoute({
  method: "DELETE",
  path: "/v1/management/keys/{id}",
  auth: "management",
  parseBody: noBody,
  async handle({ deps, caller, params, now }) {
    const { key, changed } = await revokeKey(deps.db, caller.orgId, params["id"] ?? "", now);
    if (changed) deps.onChange.keyChanged(key.id);
    return json(200, toKeyRecord(key));
  },
});
