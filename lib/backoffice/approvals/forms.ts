// The contracts of /approvals and /settings forms (docs/back-office.md "Approvals"): approving
// (with a comment, if the approver has one), rejecting (with a comment) and withdrawing a request. One schema each, shared by the forms and
// the server actions of lib/backoffice/approvals/actions.ts; each also reads a form posted without
// JavaScript.
import { z } from 'zod';
import { fromFormData } from '../shared/action-form-data';

const approvalId = z.coerce
  .number('Choose a request.')
  .int('Choose a request.')
  .positive('Choose a request.')
  .max(2_147_483_647, 'Choose a request.');

export const approvalRefSchema = z.object({ id: approvalId });
export const approvalRefPostSchema = z.preprocess(fromFormData, approvalRefSchema);

export const approveApprovalSchema = z.object({
  id: approvalId,
  comment: z
    .string()
    .trim()
    .max(500, 'The comment must be at most 500 characters.')
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});
export const approveApprovalPostSchema = z.preprocess(fromFormData, approveApprovalSchema);

export const rejectApprovalSchema = z.object({
  id: approvalId,
  comment: z
    .string('Say why the request is rejected.')
    .trim()
    .min(1, 'Say why the request is rejected: the person who asked reads it.')
    .max(500, 'The comment must be at most 500 characters.'),
});
export const rejectApprovalPostSchema = z.preprocess(fromFormData, rejectApprovalSchema);
export type RejectApprovalInput = z.input<typeof rejectApprovalSchema>;
