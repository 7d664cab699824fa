import { parseArgs } from 'node:util';

type FlagOptions = Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>;

/**
 * A script's --flags through node:util parseArgs (unknown flags and positionals are refused); `--help`
 * prints `usage` and exits.
 */
export function cliFlags<T extends FlagOptions>(usage: string, options: T) {
  const args = process.argv.slice(2);
  const { values } = parseArgs({
    args,
    options: { ...options, help: { type: 'boolean', default: false } },
    allowPositionals: false,
  });
  // Read from the arguments: inside this generic function the parsed values' type is not known yet.
  if (args.includes('--help')) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}
