/**
 * The parts a runner script was asked for (`node scripts/test.mjs lint api-sqlite`): the words of
 * its command line that are not flags, each one a key of `parts`; none named means all of them.
 * An unknown word stops the script (exit 2) with the list of what it knows.
 */
export function selectedParts(parts, kind) {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  for (const name of wanted) {
    if (!(name in parts)) {
      console.error(`unknown ${kind} '${name}'; ${kind}s: ${Object.keys(parts).join(', ')}`);
      process.exit(2);
    }
  }
  return wanted.length > 0 ? wanted : Object.keys(parts);
}
