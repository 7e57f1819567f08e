/** `npm run gen:api`: writes the files generated from the OpenAPI documents (see generate.ts). */
import { writeFile } from 'node:fs/promises';
import { generateFiles } from './generate.ts';

const root = new URL('../../../', import.meta.url);
for (const file of await generateFiles(root)) {
  await writeFile(new URL(file.path, root), file.text);
  console.log(`wrote ${file.path}`);
}
