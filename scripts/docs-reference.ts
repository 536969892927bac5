// Writes docs/api-reference.md, the per-operation reference (parameters and their rules, result data,
// result codes), from the operation definitions through the OpenAPI document. `npm run docs:reference`;
// run it after changing an operation, or the unit test scripts/lib/reference-doc.test.ts fails.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REFERENCE_DOC_FILE, ROOT, referenceDocText } from './lib/reference-doc';

const text = referenceDocText();
const before = existsSync(REFERENCE_DOC_FILE) ? readFileSync(REFERENCE_DOC_FILE, 'utf8') : undefined;
writeFileSync(REFERENCE_DOC_FILE, text);
console.log(`${path.relative(ROOT, REFERENCE_DOC_FILE)} ${before === text ? 'unchanged' : 'written'}`);
