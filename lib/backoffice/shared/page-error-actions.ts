'use server';
// A page that failed in the browser reports the reference its error page shows, so the server's
// log holds it as it holds a server error's (page-errors.ts). Any signed-in staff: whoever saw the
// page. Only a browser-made reference is taken (a digest is the server's own), with the path
// without its query and the error's class: nothing a person typed reaches the log.
import { z } from 'zod';
import { authActionClient } from '@/lib/backoffice/shared/action-client';
import { BROWSER_REFERENCE, pageErrorLine } from './page-errors';

const reportSchema = z.object({
  reference: z.string().regex(BROWSER_REFERENCE),
  path: z
    .string()
    .max(300)
    .regex(/^\/[^\s]*$/),
  error: z.string().regex(/^[A-Za-z0-9_$.]{1,60}$/),
});

export const reportPageError = authActionClient
  .metadata({ name: 'page.error_report', permission: null })
  .inputSchema(reportSchema)
  .action(async ({ parsedInput }) => {
    console.error(pageErrorLine({ ...parsedInput, side: 'browser' }));
    return { logged: true };
  });
