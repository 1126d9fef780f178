import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appModules } from '../src/app';

const modulesDir = fileURLToPath(new URL('../src/modules', import.meta.url));

describe('module list', () => {
  it('app.ts, for every area folder with routes or wiring: registers its module once, by the folder name', () => {
    const wired = fs
      .readdirSync(modulesDir)
      .filter((area) => ['routes.ts', 'module.ts'].some((f) => fs.existsSync(path.join(modulesDir, area, f))))
      .sort();
    const listed = appModules.map((m) => m.name);
    expect([...listed].sort()).toEqual(wired);
    expect(new Set(listed).size).toBe(listed.length);
  });
});
