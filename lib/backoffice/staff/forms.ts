// Contracts of the back-office's own forms and actions: sign-in, staff accounts, invitations.
import { z } from 'zod';
import { STAFF_ROLES } from '@/lib/backoffice/auth/staff-roles';
import { PASSWORD_MIN_LENGTH } from './form-rules';

export { PASSWORD_MIN_LENGTH };

export const staffEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid e-mail address').max(254, 'E-mail must be at most 254 characters'));

export const staffRoleSchema = z.enum(STAFF_ROLES, 'Choose a role: admin, operator or support');

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

export const signInSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your e-mail address')
    .max(254, 'E-mail must be at most 254 characters'),
  password: z.string().min(1, 'Enter your password').max(200, 'Password must be at most 200 characters'),
});

export const inviteStaffSchema = z.object({
  email: staffEmailSchema,
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name')
    .max(100, 'Name must be at most 100 characters')
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'Name must not contain control characters'),
  role: staffRoleSchema,
});

const staffId = z.coerce.number().int().positive('Unknown staff member');

export const changeStaffRoleSchema = z.object({ staffId, role: staffRoleSchema });

export const setStaffStatusSchema = z.object({
  staffId,
  status: z.enum(['active', 'disabled'], 'Status must be active or disabled'),
});

export const reissueInviteSchema = z.object({ staffId });

export const acceptInviteSchema = z
  .object({
    token: z
      .string()
      .min(20, 'This invitation link is not valid')
      .max(200, 'This invitation link is not valid'),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match',
  });

/** Changing one's own password (/account): the current one proves it is the account's owner. */
export const changeOwnPasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, 'Enter your current password')
      .max(200, 'Password must be at most 200 characters'),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match',
  })
  .refine((v) => v.currentPassword === '' || v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must differ from the current one',
  });

export type InviteStaffInput = z.infer<typeof inviteStaffSchema>;
export type ChangeStaffRoleInput = z.infer<typeof changeStaffRoleSchema>;
export type SetStaffStatusInput = z.infer<typeof setStaffStatusSchema>;
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;
export type ChangeOwnPasswordInput = z.infer<typeof changeOwnPasswordSchema>;
