import { z } from "zod";
import { patchKey } from "../../services/keys.ts";
import { toKeyRecord } from "../key-record.ts";
import { json } from "../respond.ts";
import { defineRoute } from "../route.ts";
import { parseJsonBody } from "../validation.ts";
import { keyFieldHint, keyFields } from "./key-fields.ts";

/**
 * Any of name, models, limits. `models: null` opens the key to every model. `limits` is merged field by field:
 * a number sets a limit, null removes it (unlimited), an absent field is kept.
 */
export const UpdateKeyBody = z.strictObject(keyFields);
export type UpdateKeyBody = z.infer<typeof UpdateKeyBody>;

/** PATCH /v1/management/keys/{id} */
export const updateKeyRoute = defineRoute({
  method: "PATCH",
  path: "/v1/management/keys/{id}",
  auth: "management",
  parseBody: (raw) => parseJsonBody(raw, UpdateKeyBody, keyFieldHint),
  async handle({ deps, caller, params, body, now }) {
    const key = await patchKey(deps.db, caller.orgId, params["id"] ?? "", body, deps.resolveModel, now);
    if (body.name !== undefined || body.models !== undefined || body.limits !== undefined) deps.onChange.keyChanged(key.id);
    return json(200, toKeyRecord(key));
  },
});
