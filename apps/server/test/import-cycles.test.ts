import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// Lint holds the borders between folders; this holds the other half of "imports flow one way": no module of the
// server imports, through others, a module that imports it (type-only imports count: they show the same tangle).
const src = new URL('../src', import.meta.url).pathname;
const importLine = /^\s*(?:import|export)\b[^'"]*?from\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/gm;

function serverModules(): Map<string, string[]> {
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  return new Map(
    files.map((file) => {
      const imported = [...readFileSync(path.join(src, file), 'utf8').matchAll(importLine)].map((match) =>
        path.join(path.dirname(file), match[1] ?? match[2] ?? ''),
      );
      return [file, imported];
    }),
  );
}

it('has no import cycle among the server’s modules', () => {
  const imports = serverModules();
  const done = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string, trail: string[]) => {
    if (trail.includes(file)) return void cycles.push([...trail.slice(trail.indexOf(file)), file]);
    if (done.has(file) || !imports.has(file)) return;
    for (const next of imports.get(file) ?? []) visit(next, [...trail, file]);
    done.add(file);
  };
  for (const file of imports.keys()) visit(file, []);
  expect(imports.size).toBeGreaterThan(100);
  expect(cycles).toEqual([]);
});
