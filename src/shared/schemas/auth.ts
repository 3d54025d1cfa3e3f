/** Auth forms (SPEC §7 Auth; issue 2 §4). */
import { z } from 'zod';
import { MSG, mobile, reqText } from './fields.js';

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

export const registerSchema = z
  .object({
    name: reqText(120),
    username: reqText(40).pipe(z.string().regex(/^[a-zA-Z][a-zA-Z0-9_.]{2,39}$/, MSG.username)),
    phone: mobile(),
    email: z
      .string()
      .trim()
      .max(200, MSG.tooLong)
      .optional()
      .transform((s) => (s ? s.toLowerCase() : null))
      .pipe(z.email(MSG.email).nullable()),
    password: passwordField(),
    password_confirmation: z.string({ error: MSG.required }).min(1, MSG.required),
    gender: z.enum(['male', 'female'], { error: MSG.choice }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: MSG.passwordMatch,
  });
export type RegisterInput = z.input<typeof registerSchema>;

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
});
export type User = z.infer<typeof userSchema>;
