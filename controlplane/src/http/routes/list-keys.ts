import { listKeys } from "../../services/keys.ts";
import { toKeyRecord } from "../key-record.ts";
import { json } from "../respond.ts";
import { defineRoute, noBody } from "../route.ts";

/** GET /v1/management/keys: the organization's inference keys, revoked ones included (see revoked_at). */
export const listKeysRoute = defineRoute({
  method: "GET",
  path: "/v1/management/keys",
  auth: "management",
  parseBody: noBody,
  async handle({ deps, caller, now }) {
    const keys = await listKeys(deps.db, caller.orgId, now);
    return json(200, { object: "list", data: keys.map(toKeyRecord) });
  },
});
