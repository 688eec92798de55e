import { logStartupFailure, showSecretToOperator } from "../../proto/log.ts";
import { startEmbedded } from "./embedded.ts";

/** `npm start`: the whole gateway in one process, no services needed. */
startEmbedded().then(
  (g) => {
    const stop = async () => {
      await g.close();
      process.exit(0);
    };
    // before saying it is up: whoever reads that may stop it at once
    process.once("SIGTERM", () => void stop());
    process.once("SIGINT", () => void stop());
    const log = g.dataPlane.deps.log;
    log.info({ url: g.baseUrl }, `gateway listening on ${g.baseUrl} (OpenAI base URL: ${g.baseUrl}/v1)`);
    const boot = g.bootstrap;
    // the control plane logs the organization it created; the key it generated is shown, not logged
    if (boot.created && !process.env.SVC_BOOTSTRAP_MGMT_KEY) showSecretToOperator(`management key (shown only now, keep it): ${boot.managementKey}`);
  },
  (err: unknown) => {
    logStartupFailure(process.env, "dataplane", err);
    process.exit(1);
  },
);
