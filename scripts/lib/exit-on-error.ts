// How an operator script ends on a refusal or failure: one line on stderr saying what and why
// (e.g. "the embedded database is open in process N"), exit code 1, no stack trace.
export function exitOnError(tool: string, error: unknown): never {
  console.error(`${tool}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
