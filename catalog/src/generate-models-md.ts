/** Writes catalog/MODELS.md from the catalog data. Run: npm run catalog:models */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CATALOG_DIR, loadCatalog } from "./load.ts";
import { renderModelsMd } from "./models-md.ts";

const target = join(CATALOG_DIR, "MODELS.md");
const catalog = loadCatalog();
writeFileSync(target, renderModelsMd(catalog));
console.log(`wrote ${target} (${catalog.models.length} models, ${catalog.providers.size} providers)`);
