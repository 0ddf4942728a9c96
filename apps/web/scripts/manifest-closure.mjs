/**
 * The keys of a Vite manifest that `keys` need before they run: themselves and their static imports,
 * transitively (what the browser fetches for them). Shared by write-boot-script.mjs and
 * scripts/measure-first-load.mjs.
 */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}
