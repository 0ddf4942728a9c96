import path from 'node:path';

/**
 * Keeps the architecture the README describes: an import may not cross from one zone into a folder that zone is
 * kept out of. Relative imports are resolved to folders; a package is named as it is written.
 *
 * Options: a list of rules, each either
 * - `{ eachFolderOf: 'dir', mayUse?: { zone: ['zone'] }, private?: 'regex', message }`: every folder directly under
 *   `dir` is its own zone (features never import one another), except the crossings `mayUse` names; even those never
 *   reach a file whose name matches `private` (a resource's routes), or
 * - `{ from: 'dir', except?: ['dir'], forbid: 'dir', allow?: ['dir'], message }`: files under `from` (but not under
 *   `except`) never import anything under `forbid` (but not under `allow`); with `forbidPackage: 'name'` instead,
 *   never import that package.
 * Folders are relative to the directory ESLint runs in (the repository's root).
 */
export const importZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that cross the architecture’s zones' },
    schema: [{ type: 'array', items: { type: 'object' } }],
    messages: { crossing: '{{message}} ({{source}})' },
  },
  create(context) {
    const rules = context.options[0] ?? [];
    const root = context.cwd;
    const file = path.relative(root, context.filename);
    const inside = (child, dir) => child === dir || child.startsWith(`${dir}/`);
    /** The folder directly under `dir` that `target` lies in (a file directly under `dir` is in no zone). */
    const zoneOf = (target, dir) => {
      const parts = inside(target, dir) ? target.slice(dir.length + 1).split('/') : [];
      return parts.length > 1 ? parts[0] : undefined;
    };

    function check(node, source) {
      if (typeof source !== 'string') return;
      const relative = source.startsWith('.');
      const target = relative ? path.relative(root, path.resolve(path.dirname(context.filename), source)) : '';
      for (const rule of rules) {
        let crosses;
        if (rule.forbidPackage) {
          crosses =
            source === rule.forbidPackage &&
            inside(file, rule.from) &&
            !(rule.except ?? []).some((dir) => inside(file, dir));
        } else if (!relative) {
          continue;
        } else if (rule.eachFolderOf) {
          const own = zoneOf(file, rule.eachFolderOf);
          const other = inside(target, rule.eachFolderOf)
            ? target.slice(rule.eachFolderOf.length + 1).split('/')[0]
            : undefined;
          const hidden = rule.private !== undefined && new RegExp(rule.private).test(path.basename(target));
          crosses =
            own !== undefined &&
            other !== undefined &&
            other !== '' &&
            own !== other &&
            (hidden || !(rule.mayUse?.[own] ?? []).includes(other));
        } else {
          crosses =
            inside(file, rule.from) &&
            !(rule.except ?? []).some((dir) => inside(file, dir)) &&
            inside(target, rule.forbid) &&
            !(rule.allow ?? []).some((dir) => inside(target, dir));
        }
        if (crosses) {
          context.report({ node, messageId: 'crossing', data: { message: rule.message, source } });
          return;
        }
      }
    }

    const fromSource = (node) => check(node.source ?? node, node.source?.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: (node) => node.source && fromSource(node),
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'import-zones': importZones } };
