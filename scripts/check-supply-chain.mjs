#!/usr/bin/env node
// Supply-chain check of package-lock.json, run by CI after `npm ci`.
//
// Offline, on the lockfile itself:
//   - every installed package comes from the npm registry (no git, file or tarball-URL sources);
//   - every one carries a sha512 integrity hash (npm ci refuses a tarball that does not match it);
//   - only the packages allowed in package.json's `allowScripts` (the field npm itself reads to let
//     a dependency's install script run) have one;
//   - every package accepts the oldest Node.js the project supports (package.json `engines.node`),
//     so `npm install` on a supported Node prints no EBADENGINE warning.
// Against the registry (the one service this machine reaches):
//   - the registry publishes, for every name@version, the same integrity hash the lockfile pins,
//     so a lockfile edited to pin other content than the published version fails here.
// What it cannot do here, and says so: `npm audit` (the registry answers 405 to the advisory
// endpoint) and `npm audit signatures` (the mirror serves no signatures and sigstore's TUF root is
// unreachable). With NPM_AUDIT=1 it also runs `npm audit --omit=dev` and fails on high or
// critical advisories, for machines that reach the advisory service.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
// `allowScripts` keys are a name or a pinned name@version; a false entry is npm's explicit denial.
const allowedScripts = new Set(
  Object.entries(manifest.allowScripts ?? {})
    .filter(([, allowed]) => allowed === true)
    .map(([key]) => key),
);
const semver = createRequire(import.meta.url)('semver');
const oldestNode = semver.minVersion(manifest.engines.node).version;
const registry = (process.env.npm_config_registry || 'https://registry.npmjs.org/').replace(/\/?$/, '/');

const problems = [];
const installed = [];
for (const [where, entry] of Object.entries(lock.packages ?? {})) {
  if (where === '' || entry.link || !where.includes('node_modules/')) continue; // the workspaces themselves
  const name = entry.name ?? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
  if (entry.resolved && !entry.resolved.startsWith(registry) && !entry.resolved.startsWith('https://registry.npmjs.org/')) {
    problems.push(`${where}: comes from ${entry.resolved}, not the npm registry`);
  }
  if (!entry.integrity?.startsWith('sha512-')) problems.push(`${where}: no sha512 integrity hash in the lockfile`);
  if (entry.hasInstallScript && !allowedScripts.has(name) && !allowedScripts.has(`${name}@${entry.version}`)) {
    problems.push(`${where}: runs an install script and is not allowed in package.json's allowScripts`);
  }
  const needs = typeof entry.engines === 'object' && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
  if (typeof needs === 'string' && !semver.satisfies(oldestNode, needs)) {
    problems.push(`${where}: needs Node.js ${needs}, and the project supports Node.js ${manifest.engines.node}`);
  }
  if (entry.version && entry.integrity) installed.push({ where, name, version: entry.version, integrity: entry.integrity });
}

async function published(name, version) {
  const url = `${registry}${name.replace('/', '%2F')}/${encodeURIComponent(version)}`;
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return (await res.json()).dist?.integrity ?? null;
    } catch (err) {
      if (attempt >= 3) throw new Error(`the registry (${registry}) could not be reached for ${name}@${version}: ${err.message}`);
      await new Promise((r) => setTimeout(r, 1000 * attempt));
    }
  }
}

const unique = [...new Map(installed.map((p) => [`${p.name}@${p.version}`, p])).values()];
let next = 0;
async function worker() {
  while (next < unique.length) {
    const p = unique[next++];
    const integrity = await published(p.name, p.version);
    if (integrity === null) problems.push(`${p.where}: ${p.name}@${p.version} is not published on the registry`);
    else if (integrity !== p.integrity)
      problems.push(`${p.where}: the lockfile pins ${p.integrity.slice(0, 20)}…, the registry publishes ${integrity.slice(0, 20)}…`);
  }
}
try {
  await Promise.all(Array.from({ length: 16 }, worker));
} catch (err) {
  console.error(`supply chain: ${err.message}`);
  process.exit(2);
}

if (process.env.NPM_AUDIT === '1') {
  try {
    execFileSync('npm', ['audit', '--omit=dev', '--audit-level=high'], { cwd: root, stdio: 'inherit' });
  } catch {
    problems.push('npm audit reported high or critical advisories (or could not reach the advisory service)');
  }
}

if (problems.length) {
  console.error(`supply chain: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `supply chain: ${unique.length} packages from the registry, each pinned by sha512 and matching what the registry publishes; ` +
    `install scripts only from ${[...allowedScripts].join(', ')}` +
    (process.env.NPM_AUDIT === '1' ? '; npm audit clean' : '; advisories not checked (set NPM_AUDIT=1 where the advisory service answers)'),
);
