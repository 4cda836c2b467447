// @ts-check
// portfolio/no-cycle: no file imports a file that imports it back, directly or through others,
// type-only imports included (docs/decisions/149). import-x/no-cycle skips `import type` and
// `export type … from`, on the linted file and on every file it walks, with no option to count
// them; a type cycle still ties the files' order of change together (the content API once had a
// 15-file one through app.ts). This is import-x/no-cycle's walk over the same module graph (its
// ModuleInfo, parsed once and resolved by the configured TypeScript resolver) with every edge
// counted: static, type-only, re-exports and dynamic import(). JavaScript, as ESLint loads it
// with plain node (eslint.config.js); tsc checks it from its JSDoc types.
import { ModuleInfo } from 'eslint-plugin-import-x/core/module-info';
import { moduleVisitor } from 'eslint-plugin-import-x/utils';

/**
 * The rule's context as import-x's rules get it (typescript-eslint's rule context), which
 * ModuleInfo needs, and what the rule answers with.
 * @typedef {Parameters<typeof ModuleInfo.get>[1]} ImportXContext
 * @typedef {ReturnType<typeof moduleVisitor>} RuleListener
 * @typedef {import('eslint-plugin-import-x/core/module-info').ModuleImportDeclaration['source']} ImportSource
 */

/**
 * A module still to walk: how to get it, its path, and the imports that led there from the
 * first module imported.
 * @typedef {{ mget: () => ModuleInfo | null, path: string, route: ImportSource[] }} Step
 */

/** @type {Set<string>} Files already walked for the file being linted; cleared after each file. */
const traversed = new Set();

const noCycle = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Forbid a module from importing a module with a dependency path back to itself, type-only imports included.',
    },
    schema: [],
    messages: {
      cycle: 'Dependency cycle detected (type-only imports count too: docs/decisions/149).',
      cycleSource:
        'Dependency cycle via "{{source}}" (type-only imports count too: docs/decisions/149).',
    },
  },
  /**
   * @param {ImportXContext} context
   * @returns {RuleListener}
   */
  create(context) {
    const filename = context.physicalFilename;
    if (filename === '<text>') return {};

    return {
      ...moduleVisitor(
        (sourceNode, importer) => {
          const imported = ModuleInfo.get(sourceNode.value, context);
          if (imported == null || imported.path === filename) return;
          if (traversed.has(imported.path)) return;
          traversed.add(imported.path);
          // Breadth first, so the route reported is a shortest one.
          /** @type {Step[]} */
          const untraversed = [{ mget: () => imported, path: imported.path, route: [] }];
          /**
           * Whether the module reached by `mget` imports the linted file itself.
           * @param {Step} step
           */
          const closesCycle = ({ mget, route }) => {
            const info = mget();
            if (info == null) return false;
            for (const [path, { resolve, declarations }] of info.getImports()) {
              if (path === filename) return true;
              if (traversed.has(path)) continue;
              traversed.add(path);
              const [first] = declarations;
              untraversed.push({
                mget: resolve,
                path,
                route: first ? [...route, first.source] : route,
              });
            }
            return false;
          };
          for (let next = untraversed.shift(); next; next = untraversed.shift()) {
            if (closesCycle(next)) {
              // The other branches may still close a cycle for another import of this file.
              for (const { path } of untraversed) traversed.delete(path);
              context.report(
                next.route.length > 0
                  ? {
                      node: importer,
                      messageId: 'cycleSource',
                      data: {
                        source: next.route
                          .map((source) => `${source.value}:${source.loc.start.line}`)
                          .join('=>'),
                      },
                    }
                  : { node: importer, messageId: 'cycle' },
              );
              return;
            }
          }
        },
        { esmodule: true },
      ),
      'Program:exit'() {
        traversed.clear();
      },
    };
  },
};

export default { rules: { 'no-cycle': noCycle } };
