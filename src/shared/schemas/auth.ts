/** Auth forms (SPEC §7 Auth; issue 2 §4). */
import { z } from 'zod';
import { toLatinDigits } from '../format.js';
import { choiceError, MSG, mobile, optEmail, reqText, username } from './fields.js';

export const loginSchema = z.object({
  /** a username or a phone number */
  username: reqText(100),
  password: z.string({ error: MSG.required }).min(1, MSG.required).max(200, MSG.tooLong),
});
export type LoginInput = z.input<typeof loginSchema>;

/**
 * Password rule: 8..128 characters with at least one letter and one digit
 * (NIST SP 800-63B allows length-based rules; we add letter+digit for staff familiarity).
 */
export const passwordField = () =>
  z
    .string({ error: MSG.required })
    .min(1, MSG.required)
    .min(8, MSG.password)
    .max(128, MSG.password)
    .regex(/[A-Za-z]/, MSG.password)
    .regex(/\d/, MSG.password);

/** A 6-digit one-time code; Devanagari digits are accepted (issue 5 §1). */
export const otpField = () =>
  z
    .string({ error: MSG.required })
    .transform((s) => toLatinDigits(s).trim())
    .pipe(
      z
        .string()
        .min(1, MSG.required)
        .regex(/^\d{6}$/, 'validation.otp'),
    );

const registerFields = {
  name: reqText(120),
  username: username(),
  phone: mobile(),
  email: optEmail(),
  password: passwordField(),
  password_confirmation: z.string({ error: MSG.required }).min(1, MSG.required),
  gender: z.enum(['male', 'female'], { error: choiceError }),
};
const passwordsMatch = {
  path: ['password_confirmation'],
  message: MSG.passwordMatch,
};

/** Registration step 1 (POST /api/register/otp): the account's details, checked before a code is sent. */
export const registerDetailsSchema = z
  .object(registerFields)
  .refine((v) => v.password === v.password_confirmation, passwordsMatch);
export type RegisterDetailsInput = z.input<typeof registerDetailsSchema>;

/** Registration step 2 (POST /api/register): the same details and the code sent to the phone. */
export const registerSchema = z
  .object({ ...registerFields, otp: otpField() })
  .refine((v) => v.password === v.password_confirmation, passwordsMatch);
export type RegisterInput = z.input<typeof registerSchema>;

/** Password recovery, step 1: a username or phone (SPEC §2 forget/password). */
export const forgotPasswordSchema = z.object({ login: reqText(100) });

/** Password recovery, step 2: the code sent to the account's phone and the new password. */
export const resetPasswordSchema = z
  .object({
    login: reqText(100),
    otp: otpField(),
    password: passwordField(),
    password_confirmation: z.string({ error: MSG.required }).min(1, MSG.required),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: MSG.passwordMatch,
  });

/** Own profile details (issue 5 §3); the phone is the login and OTP target, so it stays. */
export const profileUpdateSchema = z.object({
  name: reqText(120),
  email: optEmail(),
  gender: z.enum(['male', 'female'], { error: choiceError }),
  lang: z.enum(['en-US', 'ne'], { error: choiceError }),
});

/**
 * SPEC §2 "change password": the current one and the new one twice. Every other session ends
 * unless `signOutOthers` is false (issue 16 §3: signing out elsewhere is the default).
 */
export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: MSG.required }).min(1, MSG.required).max(200),
    password: passwordField(),
    password_confirmation: z.string({ error: MSG.required }).min(1, MSG.required),
    signOutOthers: z
      .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
      .optional()
      .transform((v) => v !== false && v !== '0' && v !== 'false'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: MSG.passwordMatch,
  });

/** The signed-in user as the API returns it (SPEC §3 User; §7 profiles). */
export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  gender: z.enum(['male', 'female']),
  userType: z.enum(['user', 'systemadmin', 'wardadmin']),
  wardId: z.number().nullable(),
  photoFileId: z.number().nullable(),
  citizenshipFileId: z.number().nullable(),
  lang: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  /**
   * The account signed in with a one-time password (`npm run create-admin`): until it is
   * changed (POST /api/profiles/password) every other API answers 403.
   */
  passwordChangeRequired: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;
