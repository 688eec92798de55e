import { z } from "zod";
import { createKey } from "../../services/keys.ts";
import { toKeyRecord } from "../key-record.ts";
import { json } from "../respond.ts";
import { defineRoute } from "../route.ts";
import { parseJsonBody } from "../validation.ts";
import { keyFieldHint, keyFields } from "./key-fields.ts";

export const CreateKeyBody = z.strictObject(keyFields);
export type CreateKeyBody = z.infer<typeof CreateKeyBody>;

/** POST /v1/management/keys: mints an inference key; the plaintext `key` is in this response only. */
export const createKeyRoute = defineRoute({
  method: "POST",
  path: "/v1/management/keys",
  auth: "management",
  parseBody: (raw) => parseJsonBody(raw, CreateKeyBody, keyFieldHint),
  async handle({ deps, caller, body, now }) {
    const { key, plaintext } = await createKey(deps.db, deps.keyHashSecret, caller.orgId, body, deps.resolveModel, now);
    deps.onChange.keyChanged(key.id);
    const { id, ...rest } = toKeyRecord(key);
    return json(201, { id, key: plaintext, ...rest });
  },
});
