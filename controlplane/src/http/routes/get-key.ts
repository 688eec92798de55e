import { getKey } from "../../services/keys.ts";
import { toKeyRecord } from "../key-record.ts";
import { json } from "../respond.ts";
import { defineRoute, noBody } from "../route.ts";

/** GET /v1/management/keys/{id}: a key of the caller's organization (another's is 404, like a missing one). */
export const getKeyRoute = defineRoute({
  method: "GET",
  path: "/v1/management/keys/{id}",
  auth: "management",
  parseBody: noBody,
  async handle({ deps, caller, params, now }) {
    const key = await getKey(deps.db, caller.orgId, params["id"] ?? "", now);
    return json(200, toKeyRecord(key));
  },
});
