import { z } from "zod";
import { limitsInputSchema } from "../../limits.ts";
import type { FieldHint } from "../validation.ts";

/** Fields shared by key creation and update. */
export const keyFields = {
  // PostgreSQL text cannot hold NUL: refused here rather than failing the insert with a 500
  name: z.string().max(200).regex(/^[^\u0000]*$/).optional(),
  /** slugs or aliases; null = every model */
  models: z.array(z.string().min(1).max(200)).max(1000).nullable().optional(),
  limits: limitsInputSchema.optional(),
};

export const keyFieldHint: FieldHint = (path) =>
  path[0] === "limits" && path.length === 2 ? "must be a non-negative integer or null (null = unlimited)" : undefined;
