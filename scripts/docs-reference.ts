// Writes docs/api-reference.md, the per-operation reference (parameters and their rules, result data,
// result codes), from the operation definitions through the OpenAPI document, and the catalogue's
// lists and counts in the README and the guides (scripts/lib/doc-lists.ts) and the Python client's
// operation table (scripts/lib/python-client.ts). `npm run docs:reference`;
// run it after changing an operation, or the unit tests reference-doc.test.ts and doc-lists.test.ts fail.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeCatalogueFragments } from './lib/doc-lists';
import { writePythonOperationTable } from './lib/python-client';
import { REFERENCE_DOC_FILE, ROOT, referenceDocText } from './lib/reference-doc';

const text = referenceDocText();
const before = existsSync(REFERENCE_DOC_FILE) ? readFileSync(REFERENCE_DOC_FILE, 'utf8') : undefined;
writeFileSync(REFERENCE_DOC_FILE, text);
console.log(`${path.relative(ROOT, REFERENCE_DOC_FILE)} ${before === text ? 'unchanged' : 'written'}`);
for (const doc of writeCatalogueFragments()) console.log(`${doc}: the catalogue's lists and counts written`);
if (writePythonOperationTable()) console.log('sdk/python/wallet_client.py: the operation table written');
