/** A command line the operator got wrong: exit code 2 with the message and the usage text. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export type FlagKind = "value" | "bool";

export interface ParsedArgs {
  /** leading words before the first flag, e.g. ["org", "create"] */
  words: string[];
  values: Map<string, string>;
  bools: Set<string>;
}

/**
 * Splits argv into command words and flags. `--name value` and `--name=value` both work; a value flag takes the next
 * argument whatever it looks like, so `--amount -5` is an amount. Unknown flags are refused.
 */
export function parseArgs(argv: readonly string[], known: Readonly<Record<string, FlagKind>>): ParsedArgs {
  const words: string[] = [];
  const values = new Map<string, string>();
  const bools = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (!arg.startsWith("--")) {
      if (values.size > 0 || bools.size > 0) throw new UsageError(`unexpected argument ${JSON.stringify(arg)}`);
      words.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const kind = known[name];
    if (kind === undefined) throw new UsageError(`unknown option --${name}`);
    if (kind === "bool") {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      bools.add(name);
      continue;
    }
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    if (values.has(name)) throw new UsageError(`--${name} given twice`);
    values.set(name, value);
  }
  return { words, values, bools };
}

export function required(args: ParsedArgs, name: string): string {
  const v = args.values.get(name);
  if (v === undefined || v.trim() === "") throw new UsageError(`--${name} is required`);
  return v;
}
