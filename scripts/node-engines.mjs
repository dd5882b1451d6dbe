// The Node version check run at start: package.json's `engines.node` (a `>=major.minor[.patch]`
// minimum) against the running Node, with a message that says what to install.
import { readFileSync } from 'node:fs';

const MINIMUM_RE = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/;

/** The parts of `>=a.b.c`; anything else is refused, so a new form of range updates this check. */
function minimumOf(range) {
  const m = MINIMUM_RE.exec(range.trim());
  if (!m) throw new Error(`engines.node must be a ">=major.minor" minimum, not "${range}"`);
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

/** null when `version` (e.g. "20.19.2" or "v22.1.0") meets `range`; otherwise the message to print. */
export function nodeVersionProblem(range, version) {
  const want = minimumOf(range);
  const have = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) > want[i]) return null;
    if ((have[i] ?? 0) < want[i])
      return `Carry needs Node ${range.trim().slice(2).trim()} or newer (package.json "engines"); this is Node ${version.replace(/^v/, '')}. Install a newer Node (https://nodejs.org) and run again.`;
  }
  return null;
}

/** Exits with the message when the running Node is older than package.json says. */
export function requireEngineNode(packageJsonUrl = new URL('../package.json', import.meta.url)) {
  const { engines } = JSON.parse(readFileSync(packageJsonUrl, 'utf8'));
  const problem = nodeVersionProblem(engines.node, process.versions.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
