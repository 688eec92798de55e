import { startEmbedded } from "./embedded.ts";

/** `npm start`: the whole gateway in one process, no services needed. */
startEmbedded().then(
  (g) => {
    console.log(`gateway listening on ${g.baseUrl} (OpenAI base URL: ${g.baseUrl}/v1)`);
    const boot = g.bootstrap;
    if (boot.created) {
      console.log(`created organization ${boot.orgId}`);
      if (process.env.SVC_BOOTSTRAP_MGMT_KEY) console.log("management key: the one given in SVC_BOOTSTRAP_MGMT_KEY");
      else console.log(`management key (shown only now, keep it): ${boot.managementKey}`);
    }
    const stop = async () => {
      await g.close();
      process.exit(0);
    };
    process.once("SIGTERM", () => void stop());
    process.once("SIGINT", () => void stop());
  },
  (err: unknown) => {
    console.error(`gateway failed to start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
