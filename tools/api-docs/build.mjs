// `npm run docs`: the API reference of every public entry point (package.json `exports`), built
// with TypeDoc into docs/api/. Runs from this workspace so TypeDoc gets the TypeScript 6 it
// supports; the library itself builds with TypeScript 7, which has no compiler API for TypeDoc.
import { join } from 'node:path';
import { Application, LogLevel } from 'typedoc';
import { entryPoints } from '../../scripts/entry-points.mjs';
import { repository } from './repository.mjs';

const app = await Application.bootstrapWithPlugins({
  name: 'convolog',
  // A declaration is documented in the first entry point that exports it: the root entry, which
  // re-exports the core, goes last so `validate` lives under `convolog/core`, where it is pure.
  entryPoints: [...entryPoints()].sort((left, right) => Number(left.subpath === '.') - Number(right.subpath === '.'))
    .map((entry) => join(repository, entry.source)),
  tsconfig: join(repository, 'tsconfig.build.json'),
  readme: join(repository, 'README.md'),
  out: join(repository, 'docs/api'),
  excludeInternal: true,
  // No source links: they need a hosted git remote, and a clone (or CI's) may have none or a
  // local one, which TypeDoc warns about (and warnings fail this build).
  disableSources: true,
  excludePrivate: true,
  // Internal shapes a public declaration mentions: the profile a provider's accumulator passes to
  // its (protected) base constructor, and the Standard Schema result type it spells out inline.
  intentionallyNotExported: ['StreamProfile', 'StandardResult'],
  // Every export has TSDoc (test/build/tsdoc.test.ts checks it); here TypeDoc also refuses a
  // `{@link}` it cannot resolve and a public type that names a type no entry point exports.
  // invalidPath is off: the README (the reference's front page) links to docs/api/index.html,
  // which this build writes, so in a clean clone it does not exist yet.
  validation: { notExported: true, invalidLink: true, invalidPath: false, notDocumented: false },
  treatWarningsAsErrors: true,
  // Type errors are `npm run typecheck`'s (TypeScript 7, the compiler the library builds with);
  // checking the program again here took 40 % of this build (8.6 → 5.2 s on a quiet machine).
  skipErrorChecking: true,
  logLevel: LogLevel.Info,
});
const project = await app.convert();
if (project === undefined) throw new Error('TypeDoc could not convert the entry points (see the errors above)');
// TypeDoc names a module after its file (`index`, `core`); readers import `convolog/core`.
for (const entry of entryPoints()) {
  const fileName = entry.subpath === '.' ? 'index' : entry.subpath.slice(2);
  const module = project.children?.find((child) => child.name === fileName);
  if (module) module.name = entry.specifier;
}
app.validate(project);
if (app.logger.hasErrors() || app.logger.hasWarnings()) {
  console.error('docs: TypeDoc reported problems (above); docs/api was not written');
  process.exit(1);
}
await app.generateDocs(project, join(repository, 'docs/api'));
console.log(`docs: wrote ${join(repository, 'docs/api/index.html')}`);
