// The contracts of the staff requests' forms (docs/back-office.md "Staff requests"): support asks
// for a card to be replaced or unlocked, with a note; an operator or admin marks it done (a comment
// if they have one) or dismisses it (a comment required). One schema each, shared by the forms and
// the server actions of lib/backoffice/staff-requests/actions.ts; each also reads a form posted
// without JavaScript.
import { z } from 'zod';
import { appUserIdParam, positiveIdParam } from '@/lib/wallet/contract/schemas';
import { fromFormData } from '../shared/action-form-data';
import { STAFF_REQUEST_KINDS, STAFF_REQUEST_TEXT_MAX } from './staff-request-kinds';

const requestId = z.coerce
  .number('Choose a request.')
  .int('Choose a request.')
  .positive('Choose a request.')
  .max(2_147_483_647, 'Choose a request.');

export const fileStaffRequestSchema = z.object({
  appUserId: appUserIdParam,
  cardId: positiveIdParam,
  kind: z.enum(STAFF_REQUEST_KINDS, 'Choose what to ask for.'),
  note: z
    .string('Say why.')
    .trim()
    .min(1, 'Say why: what the caller reported, for whoever does it.')
    .max(STAFF_REQUEST_TEXT_MAX, `The note must be at most ${STAFF_REQUEST_TEXT_MAX} characters.`),
});
export const fileStaffRequestPostSchema = z.preprocess(fromFormData, fileStaffRequestSchema);

export const DISMISS_COMMENT_MISSING = 'Say why it is dismissed: the person who asked reads it.';

export const closeStaffRequestSchema = z
  .object({
    id: requestId,
    outcome: z.enum(['DONE', 'DISMISSED'], 'Choose done or dismissed.'),
    comment: z
      .string()
      .trim()
      .max(STAFF_REQUEST_TEXT_MAX, `The comment must be at most ${STAFF_REQUEST_TEXT_MAX} characters.`)
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  })
  .superRefine((value, ctx) => {
    if (value.outcome === 'DISMISSED' && !value.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: DISMISS_COMMENT_MISSING });
  });
export const closeStaffRequestPostSchema = z.preprocess(fromFormData, closeStaffRequestSchema);
