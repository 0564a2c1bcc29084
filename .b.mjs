import { build } from 'vite';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
const dir = '/tmp/sz/consumer';
writeFileSync(join(dir, 'p.js'), process.argv[2] + '\n');
const o = await build({ configFile: false, root: dir, logLevel: 'silent', build: { write: false, minify: true, lib: { entry: join(dir, 'p.js'), formats: ['es'], fileName: 'p' }, rollupOptions: { output: { minify: true, comments: false } } } });
process.stdout.write((Array.isArray(o) ? o : [o])[0].output[0].code);
