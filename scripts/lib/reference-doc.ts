// docs/api-reference.md as it must read: rendered from the OpenAPI document, which the operation
// definitions build. `npm run docs:reference` writes it; scripts/lib/reference-doc.test.ts fails
// when the file on disk is not this text. The file lays out its own tables (Prettier leaves it
// alone, .prettierignore): formatting 2,000 lines of tables took Prettier seconds on a busy machine.
import path from 'node:path';
import { buildOpenApiDocument } from '../../lib/wallet/contract/openapi';
import {
  REFERENCE_MARKDOWN_PATH,
  renderReferenceMarkdown,
} from '../../lib/wallet/contract/reference-markdown';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const REFERENCE_DOC_FILE = path.join(ROOT, REFERENCE_MARKDOWN_PATH);

export function referenceDocText(): string {
  return renderReferenceMarkdown(buildOpenApiDocument() as Record<string, unknown>);
}
