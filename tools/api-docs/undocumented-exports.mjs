// Which exports of the public entry points have no TSDoc: the check behind
// test/build/tsdoc.test.ts. Uses this workspace's TypeScript 6 for its compiler API (the
// library's TypeScript 7 has none yet) to follow every re-export to the declaration it names.
import { join } from 'node:path';
import ts from 'typescript';
import { entryPoints } from '../../scripts/entry-points.mjs';
import { repository } from './repository.mjs';

/**
 * Every export of the given entry modules (default: the package's entry points) whose declaration
 * carries no TSDoc description, as `specifier: name (file)`; `[]` when all are documented.
 * @param {{ specifier: string, file: string }[]} [entries]
 */
export function undocumentedExports(entries = entryPoints().map((entry) => ({ specifier: entry.specifier, file: join(repository, entry.source) }))) {
  const program = ts.createProgram(entries.map((entry) => entry.file), compilerOptions());
  const checker = program.getTypeChecker();
  const missing = [];
  for (const entry of entries) {
    const source = program.getSourceFile(entry.file);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${entry.file} is not a module TypeScript can read`);
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() !== '') continue;
      const file = symbol.declarations?.[0]?.getSourceFile().fileName ?? 'unknown file';
      missing.push(`${entry.specifier}: ${exported.name} (${file.startsWith(repository) ? file.slice(repository.length + 1) : file})`);
    }
  }
  return missing;
}

function compilerOptions() {
  const configPath = join(repository, 'tsconfig.build.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  } });
  return { ...parsed.options, noEmit: true };
}
